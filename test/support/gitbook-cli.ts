import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './stack';

// GitBook's official CLI (`@gitbook/cli`, a root dev dependency installed without its postinstall)
// run as its users run it: the `gitbook` command npm links, in a shell-like environment whose HOME
// and XDG_CONFIG_HOME are a fresh directory, so `gitbook auth` writes its config there and never
// reads or changes the config of whoever runs the tests.

const GITBOOK = join(REPO_ROOT, 'node_modules', '.bin', 'gitbook');
const exec = promisify(execFile);

export interface GitBookCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitBookCli {
  /** Runs `gitbook <args>` in the home directory; `env` adds variables (GITBOOK_TOKEN …). */
  run(args: string[], env?: Record<string, string>): Promise<GitBookCliResult>;
  /** The user's home directory (and working directory): files to publish go here. */
  home: string;
  /** Where `gitbook auth` keeps its config (`conf`, project `gitbook`). */
  configFile: string;
  remove(): void;
}

export function gitbookCli(): GitBookCli {
  const home = mkdtempSync(join(tmpdir(), 'quire-gitbook-cli-'));
  const configHome = join(home, '.config');
  // Only what a login shell would have: no GITBOOK_TOKEN or GITBOOK_ENDPOINT from the test runner.
  const baseEnv = { PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter), HOME: home, XDG_CONFIG_HOME: configHome, NO_COLOR: '1' };
  return {
    home,
    configFile: join(configHome, 'gitbook-nodejs', 'config.json'),
    async run(args, env = {}) {
      try {
        const { stdout, stderr } = await exec(GITBOOK, args, { cwd: home, env: { ...baseEnv, ...env }, timeout: 30000 });
        return { code: 0, stdout, stderr };
      } catch (err) {
        const e = err as { code?: number | string; stdout?: string; stderr?: string };
        return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
      }
    },
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
