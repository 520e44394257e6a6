import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// A current ClickHouse in process: chdb-core from PyPI, installed on first use into a venv under
// the local infrastructure directory (deploy/local), so the suite needs only python3.
const ROOT = join(__dirname, '../..');
const VENV = join(process.env.QUIRE_INFRA_DIR ?? join(ROOT, '.infra'), 'chdb-venv');
const PYTHON = join(VENV, 'bin/python');

export function ensureChdb(): void {
  const ready = (): boolean => {
    try {
      execFileSync(PYTHON, ['-c', 'import chdb'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (existsSync(PYTHON) && ready()) return;
  execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  execFileSync(join(VENV, 'bin/pip'), ['install', '--quiet', 'chdb-core'], { stdio: 'inherit' });
  if (!ready()) throw new Error('chdb-core did not install');
}

/** Runs the setup statements, then each query; answers each query's rows. */
export function runChdb(setup: string[], queries: string[]): Record<string, unknown>[][] {
  const out = execFileSync(PYTHON, [join(__dirname, 'chdb-run.py')], { input: JSON.stringify({ setup, queries }), maxBuffer: 256 * 1024 * 1024 });
  const answers = JSON.parse(out.toString()) as string[];
  return answers.map((text) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}
