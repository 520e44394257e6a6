import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './stack';

// Schemathesis from PyPI, installed on first use into a venv under the local infrastructure
// directory (like chdb-core in chdb.ts), so the suite needs only python3. Pinned: a new release
// brings new checks and generators, which is a change to review, not a surprise in CI.
export const SCHEMATHESIS_VERSION = '4.32.5';
const VENV = join(process.env.QUIRE_INFRA_DIR ?? join(REPO_ROOT, '.infra'), 'schemathesis-venv');
const ST = join(VENV, 'bin/st');

/** Installs the pinned schemathesis if the venv lacks it; answers the path of its `st` command. */
export function ensureSchemathesis(): string {
  const installed = (): boolean => {
    try {
      return execFileSync(ST, ['--version'], { encoding: 'utf8' }).includes(SCHEMATHESIS_VERSION);
    } catch {
      return false;
    }
  };
  if (existsSync(ST) && installed()) return ST;
  if (!existsSync(join(VENV, 'bin/pip'))) execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  execFileSync(join(VENV, 'bin/pip'), ['install', '--quiet', '--retries', '10', '--timeout', '60', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    stdio: 'inherit',
  });
  if (!installed()) throw new Error(`schemathesis ${SCHEMATHESIS_VERSION} did not install into ${VENV}`);
  return ST;
}
