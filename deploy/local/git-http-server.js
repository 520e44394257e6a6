#!/usr/bin/env node
// A Git server over smart HTTP for trying Git Sync locally and for the tests and the git-sync bench:
// Debian's git-http-backend (`deploy/local/install.sh git`) run as a CGI (RFC 3875) behind node's
// http server, serving every bare repository under one folder, pushes included.
//   node deploy/local/git-http-server.js <folder of bare repositories> [port] [host]
const { spawn } = require('node:child_process');
const { createServer } = require('node:http');

const GIT_HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

/** Serves one request from the bare repositories under `root` (`user`: the REMOTE_USER, '' for none). */
function serveGitRequest(root, req, res, user = '') {
  const url = new URL(req.url ?? '/', 'http://git-server');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.slice(1),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
    ...(user ? { REMOTE_USER: user } : {}),
    ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
    ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
    ...(typeof req.headers['git-protocol'] === 'string' ? { GIT_PROTOCOL: req.headers['git-protocol'] } : {}),
  };
  const cgi = spawn(GIT_HTTP_BACKEND, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  req.pipe(cgi.stdin);
  cgi.stdin.on('error', () => undefined); // the backend may answer without reading the whole body
  const stderr = [];
  cgi.stderr.on('data', (chunk) => stderr.push(chunk));

  let head = Buffer.alloc(0);
  let headersSent = false;
  cgi.stdout.on('data', (chunk) => {
    if (headersSent) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = headerEnd(head);
    if (!end) return;
    const { status, headers } = parseCgiHeaders(head.subarray(0, end.at).toString('latin1'));
    res.writeHead(status, headers);
    headersSent = true;
    if (head.length > end.at + end.length) res.write(head.subarray(end.at + end.length));
  });
  cgi.on('close', (code) => {
    if (!headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`git-http-backend exited with ${code}: ${Buffer.concat(stderr).toString()}`);
      return;
    }
    res.end();
  });
}

function headerEnd(buffer) {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
  return lf >= 0 ? { at: lf, length: 2 } : null;
}

/** CGI response headers; `Status:` is the HTTP status. */
function parseCgiHeaders(text) {
  let status = 200;
  const headers = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else headers[name] = value;
  }
  return { status, headers };
}

module.exports = { GIT_HTTP_BACKEND, serveGitRequest };

if (require.main === module) {
  const [root, port = '9418', host = '127.0.0.1'] = process.argv.slice(2);
  if (!root || root === '--help' || root === '-h') {
    process.stdout.write(
      'Usage: node deploy/local/git-http-server.js <folder of bare repositories> [port (9418)] [host (127.0.0.1)]\n\n' +
        'Serves the bare repositories under the folder over smart HTTP (clone, fetch, push) with git-http-backend,\n' +
        'e.g. http://127.0.0.1:9418/docs.git for <folder>/docs.git (create it with `git init --bare`, then\n' +
        '`git -C <folder>/docs.git config http.receivepack true` to accept pushes). Install git with\n' +
        '`deploy/local/install.sh git`. Quire refuses loopback remotes unless OUTBOUND_ALLOW_HOSTS lists the host.\n',
    );
    process.exit(root ? 0 : 2);
  }
  createServer((req, res) => serveGitRequest(root, req, res)).listen(Number(port), host, () => {
    process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'git http server listening', url: `http://${host}:${port}/`, root })}\n`);
  });
}
