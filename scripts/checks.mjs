// `npm run checks` (part of `npm test`, after the build): every static check, in two streams side by
// side. ESLint's type-aware pass is most of the time (about 140 s on a quiet 2-core machine) and uses
// one core; the other checks together take about 55 s and run beside it on the other. ESLint's own
// `--concurrency 2` was slower here (159 s): each thread builds the TypeScript programs again.
// Each check's output is printed whole when it ends, so the two streams never interleave; every
// check runs even after one failed, and the exit code is 1 when any failed.
import { spawn } from 'node:child_process';

const STREAMS = [['lint:eslint'], ['proto:check', 'db:types:check', 'events:check', 'openapi:check', 'typecheck:test', 'lint:format']];

if (process.argv.includes('--help')) {
  process.stdout.write(
    `Usage: npm run checks\n\nRuns, in two streams side by side: ${STREAMS.map((s) => s.join(', ')).join('; and ')}.\nEach is an npm script of its own; exit code 1 when any failed.\n`,
  );
  process.exit(0);
}

/** One npm script; resolves with whether it passed. */
function check(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const passed = code === 0;
      process.stdout.write(`==> ${name}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      if (output.length) process.stdout.write(Buffer.concat(output));
      resolve(passed);
    });
  });
}

async function stream(names) {
  const results = [];
  for (const name of names) results.push(await check(name));
  return results;
}

const results = (await Promise.all(STREAMS.map(stream))).flat();
process.exit(results.every(Boolean) ? 0 : 1);
