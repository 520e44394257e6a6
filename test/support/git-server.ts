import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { infraScript } from './infra';

// A real Git server for the Git Sync tests: Debian's git-http-backend run as a CGI behind a node
// http server on 127.0.0.1, serving the bare repositories under one folder over smart HTTP.
// (shared/notes/libraries-round3.md, "Git Sync".)

// The CGI bridge itself is plain JavaScript, shared with the git-sync bench and `deploy/local`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a script of deploy/local, not a package
const bridge = require('../../deploy/local/git-http-server.js') as {
  GIT_HTTP_BACKEND: string;
  serveGitRequest: (root: string, req: IncomingMessage, res: ServerResponse, user?: string) => void;
};
export const GIT_HTTP_BACKEND = bridge.GIT_HTTP_BACKEND;
const { serveGitRequest } = bridge;

/** Installs Debian's git when it is missing (as deploy/local/install.sh installs packages). */
export function ensureGit(): void {
  if (!existsSync(GIT_HTTP_BACKEND)) infraScript('install.sh', 'git');
}

/** The real git CLI, isolated from the machine's configuration and with a fixed identity. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * Pushes a commit of one file of `bytes` zeros to branch main of the bare repository (a sparse file:
 * git streams a file past core.bigFileThreshold into a pack, so neither side holds it whole; 600 MB
 * of zeros pack to about 600 KB). Answers the commit.
 */
export function pushZerosFile(bare: string, file: string, bytes: number): string {
  const work = mkdtempSync(join(tmpdir(), 'quire-git-zeros-'));
  try {
    git(work, 'init', '-q', '-b', 'main');
    closeSync(openSync(join(work, file), 'w'));
    execFileSync('truncate', ['-s', String(bytes), join(work, file)]);
    git(work, 'add', file);
    git(work, 'commit', '-q', '-m', `${bytes} bytes of zeros`);
    git(work, 'push', '-q', bare, 'HEAD:refs/heads/main');
    return git(work, 'rev-parse', 'HEAD');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The git CLI with `input` on its standard input (mktree, commit-tree). */
export function gitWithInput(cwd: string, input: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, input, env: GIT_ENV, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim();
}

/** A commit on main of the bare repository whose tree nests `depth` levels of `width` trees, ending in empty trees. */
export function commitNestedTrees(bare: string, width: number, depth: number): string {
  let tree = gitWithInput(bare, '', 'mktree'); // the empty tree
  for (let level = 0; level < depth; level++) {
    const entries = Array.from({ length: width }, (_, i) => `040000 tree ${tree}\t${i.toString(16)}\n`).join('');
    tree = gitWithInput(bare, entries, 'mktree');
  }
  const commit = gitWithInput(bare, 'nested trees\n', 'commit-tree', tree);
  git(bare, 'update-ref', 'refs/heads/main', commit);
  return commit;
}

const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Seed',
  GIT_AUTHOR_EMAIL: 'seed@example.com',
  GIT_COMMITTER_NAME: 'Seed',
  GIT_COMMITTER_EMAIL: 'seed@example.com',
};

export interface GitServerRequest {
  /** The address the request came in on (127.0.0.2 when a refused address was contacted anyway). */
  localAddress: string;
  method: string;
  /** Path and query, as received. */
  url: string;
  status: number;
}

export interface GitServer {
  /** `http://127.0.0.1:<port>/<name>.git`, with `user:token@` when credentials are given. */
  url: (name: string, credentials?: { user: string; token: string }) => string;
  /** The bare repository's folder, for the git CLI. */
  path: (name: string) => string;
  /** Every request received, in order. */
  requests: GitServerRequest[];
  /** Each request waits this long before it is served (a slow remote; 0 by default). */
  delayMs: number;
  /** `git init --bare` with HEAD → refs/heads/main and pushes allowed; seeded with one commit when files are given. */
  createRepository: (name: string, files?: Record<string, string | Buffer>) => string;
  /** Commits `files` (added or replaced) on top of `branch` with the real git CLI and pushes them into the repository. */
  commitFiles: (name: string, files: Record<string, string | Buffer>, message?: string, branch?: string) => string;
  close: () => Promise<void>;
}

export interface GitServerOptions {
  /** When set, every request needs HTTP Basic credentials with this user and token. */
  auth?: { user: string; token: string };
  /** Where to listen (127.0.0.1 by default; 0.0.0.0 to see whether a refused loopback address was contacted). */
  host?: string;
}

export async function startGitServer(options: GitServerOptions = {}): Promise<GitServer> {
  ensureGit();
  const root = mkdtempSync(join(tmpdir(), 'quire-git-server-'));
  const requests: GitServerRequest[] = [];
  const control = { delayMs: 0 };
  const server = createServer(async (req, res) => {
    const entry: GitServerRequest = { localAddress: req.socket.localAddress ?? '', method: req.method ?? 'GET', url: req.url ?? '/', status: 0 };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    const user = authenticatedUser(req, options.auth);
    if (user === null) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="quire-test"', 'content-type': 'text/plain' }).end('authentication required');
      return;
    }
    if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
    serveGitRequest(root, req, res, user);
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = (name: string) => join(root, `${name}.git`);

  const commitFiles: GitServer['commitFiles'] = (name, files, message = 'seed', branch = 'main') => {
    const work = mkdtempSync(join(tmpdir(), 'quire-git-work-'));
    try {
      git(work, 'init', '-q', '-b', branch);
      git(work, 'remote', 'add', 'origin', path(name));
      if (git(path(name), 'for-each-ref', `refs/heads/${branch}`) !== '') {
        git(work, 'fetch', '-q', 'origin', branch);
        git(work, 'reset', '-q', '--hard', 'FETCH_HEAD');
      }
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(dirname(join(work, file)), { recursive: true });
        writeFileSync(join(work, file), content);
      }
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '--allow-empty', '-m', message);
      git(work, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
      return git(work, 'rev-parse', 'HEAD');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };

  return {
    get delayMs() {
      return control.delayMs;
    },
    set delayMs(ms: number) {
      control.delayMs = ms;
    },
    url: (name, credentials) => {
      const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.token)}@` : '';
      return `http://${auth}127.0.0.1:${port}/${name}.git`;
    },
    path,
    requests,
    createRepository: (name, files) => {
      const bare = path(name);
      git(root, 'init', '-q', '--bare', bare);
      // The HEAD trap: `git init --bare` points HEAD at master; the fixtures' branch is main.
      git(bare, 'symbolic-ref', 'HEAD', 'refs/heads/main');
      git(bare, 'config', 'http.receivepack', 'true');
      if (files) commitFiles(name, files);
      return bare;
    },
    commitFiles,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The user the request authenticated as ('' when the server needs none); null when it must answer 401. */
function authenticatedUser(req: IncomingMessage, auth: GitServerOptions['auth']): string | null {
  if (!auth) return '';
  const match = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return decoded === `${auth.user}:${auth.token}` ? auth.user : null;
}
