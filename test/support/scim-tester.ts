import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './stack';

// scim2-tester, a SCIM 2.0 compliance checker (PyPI, not written here), run through scim2-cli.
// Installed on first use into a venv under the local infrastructure directory, as schemathesis
// is (schemathesis.ts). Pinned: a new release brings new checks, a change to review. A failed
// install throws: the test that needs it fails, it is never skipped.
export const SCIM2_CLI_VERSION = '0.6.0';
export const SCIM2_TESTER_VERSION = '0.5.2';
const VENV = join(process.env.QUIRE_INFRA_DIR ?? join(REPO_ROOT, '.infra'), 'scim2-venv');
const SCIM2 = join(VENV, 'bin/scim2');

function installedVersions(): string {
  try {
    return execFileSync(join(VENV, 'bin/pip'), ['freeze'], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

/** Installs the pinned scim2-cli and scim2-tester if the venv lacks them; answers the path of `scim2`. */
export function ensureScim2Tester(): string {
  const ready = () => {
    const frozen = installedVersions();
    return existsSync(SCIM2) && frozen.includes(`scim2-cli==${SCIM2_CLI_VERSION}`) && frozen.includes(`scim2-tester==${SCIM2_TESTER_VERSION}`);
  };
  if (ready()) return SCIM2;
  if (!existsSync(join(VENV, 'bin/pip'))) execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  execFileSync(
    join(VENV, 'bin/pip'),
    ['install', '--quiet', '--retries', '10', '--timeout', '60', `scim2-cli==${SCIM2_CLI_VERSION}`, `scim2-tester==${SCIM2_TESTER_VERSION}`],
    { stdio: 'inherit' },
  );
  if (!ready()) throw new Error(`scim2-cli ${SCIM2_CLI_VERSION} and scim2-tester ${SCIM2_TESTER_VERSION} did not install into ${VENV}`);
  return SCIM2;
}

/** Runs `scim2 --url <baseURL> -h "Authorization: Bearer <token>" test`; answers its output (whatever its exit code). */
export function runScim2Tester(baseURL: string, token: string, timeoutMs = 240_000): Promise<string> {
  const scim2 = ensureScim2Tester();
  return new Promise((resolve, reject) => {
    execFile(
      scim2,
      ['--url', baseURL, '-h', `Authorization: Bearer ${token}`, 'test'],
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', TERM: 'dumb' } },
      (err, stdout, stderr) => {
        if (err && !stdout) reject(new Error(`scim2 test failed to run: ${err.message}\n${stderr}`));
        else resolve(stdout + stderr);
      },
    );
  });
}
