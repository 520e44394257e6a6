// Every bench's results in two files: bench/results/<name>.md for people (the README quotes it)
// and bench/results/<name>.json for comparison across runs and machines (`npm run bench -- all`
// prints one table from them). Each measure carries its floor, measured in the same run, and its
// goal, so a figure always travels with what it is compared to.
const { execFileSync } = require('node:child_process');
const { mkdirSync, readFileSync, writeFileSync, existsSync } = require('node:fs');
const { availableParallelism, cpus, totalmem } = require('node:os');
const { join } = require('node:path');

// BENCH_RESULTS_DIR: elsewhere than the committed results (the unit test writes to a temporary folder).
const RESULTS = process.env.BENCH_RESULTS_DIR ?? join(__dirname, 'results');

/**
 * Goals, as the issues state them:
 * - `{ ratioAtLeast: 0.7 }`: value ÷ floor ≥ 0.7 (throughputs: higher is better);
 * - `{ addedAtMost: 5 }`: value − floor ≤ 5 (latency a layer adds);
 * - `{ atMost: 100 }` / `{ atLeast: 20000 }`: an absolute bound in the measure's unit.
 */
function goalMet(value, floor, goal) {
  if (!goal) return undefined;
  if (goal.ratioAtLeast !== undefined) return floor ? value / floor.value >= goal.ratioAtLeast : undefined;
  if (goal.addedAtMost !== undefined) return floor ? value - floor.value <= goal.addedAtMost : undefined;
  if (goal.atMost !== undefined) return value <= goal.atMost;
  if (goal.atLeast !== undefined) return value >= goal.atLeast;
  throw new Error(`unknown goal ${JSON.stringify(goal)}`);
}

function describeGoal(goal, unit) {
  if (!goal) return '';
  if (goal.ratioAtLeast !== undefined) return `≥ ${goal.ratioAtLeast}× floor`;
  if (goal.addedAtMost !== undefined) return `≤ +${goal.addedAtMost} ${unit}`;
  if (goal.atMost !== undefined) return `≤ ${goal.atMost} ${unit}`;
  return `≥ ${goal.atLeast} ${unit}`;
}

/**
 * One measure. `floor` is `{ name, value }` in the same unit, measured in the same run; `mode` is
 * `embedded` or `distributed` when the bench runs both.
 */
function measure({ name, mode, value, unit, floor, goal }) {
  if (!Number.isFinite(value)) throw new Error(`measure ${name}: value ${value} is not a number`);
  const entry = { name, ...(mode ? { mode } : {}), value: round(value), unit };
  if (floor) entry.floor = { name: floor.name, value: round(floor.value) };
  if (floor && floor.value) entry.ratio = round(value / floor.value, 3);
  if (goal) {
    entry.goal = goal;
    entry.met = goalMet(value, floor, goal);
  }
  return entry;
}

const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function commitOf() {
  try {
    const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: __dirname, encoding: 'utf8' }).trim();
    return dirty ? `${rev}+changes` : rev;
  } catch {
    return 'unknown';
  }
}

function machine() {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: process.platform,
  };
}

/** Writes bench/results/<name>.md (as given) and bench/results/<name>.json (the measures). */
function writeResults(name, { command, markdown, measures }) {
  mkdirSync(RESULTS, { recursive: true });
  const body = { bench: name, command, date: new Date().toISOString(), commit: commitOf(), machine: machine(), measures };
  writeFileSync(join(RESULTS, `${name}.json`), JSON.stringify(body, null, 2) + '\n');
  writeFileSync(join(RESULTS, `${name}.md`), markdown.endsWith('\n') ? markdown : markdown + '\n');
}

function readResults(name) {
  const file = join(RESULTS, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** One markdown table of every measure that has a floor or a goal, from the benches' JSON files. */
function summaryTable(names) {
  const lines = ['| bench | measure | mode | value | floor | ratio | goal | met |', '|---|---|---|---|---|---|---|---|'];
  for (const name of names) {
    const result = readResults(name);
    if (!result) {
      lines.push(`| ${name} | (no results: run \`npm run bench -- ${name}\`) | | | | | | |`);
      continue;
    }
    for (const m of result.measures.filter((x) => x.floor || x.goal)) {
      const floor = m.floor ? `${m.floor.value} ${m.unit} (${m.floor.name})` : '';
      const met = m.met === undefined ? '' : m.met ? 'yes' : '**no**';
      lines.push(
        `| ${name} | ${m.name} | ${m.mode ?? ''} | ${m.value} ${m.unit} | ${floor} | ${m.ratio !== undefined ? `${m.ratio}×` : ''} | ${describeGoal(m.goal, m.unit)} | ${met} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** Writes the summary table of `names` to bench/results/all.md and answers it. */
function writeSummary(names) {
  const table = summaryTable(names);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'all.md'), `Command: \`npm run bench -- all\` (or \`table\` for the last results)\n\n${table}`);
  return table;
}

module.exports = { measure, writeResults, readResults, summaryTable, writeSummary, goalMet };
