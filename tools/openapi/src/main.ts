import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROUTE_TABLE } from '@quire/gateway/route-table';
import { createLogger } from '@quire/platform/logger';
import { SERVICE_NAMES } from '@quire/platform/topology';
import { startEmbedded } from '@quire/embedded';
import { DOCUMENT_FILE } from '@quire/gateway';
import { buildOpenApiDocument } from './document';
import type { DocumentRoute } from './document-route';
import { loadReferences } from './reference-operations';

const USAGE = `Usage: npm run openapi:gen [-- --check]

Writes Quire's OpenAPI document to docs/openapi.json (the gateway serves it at /openapi.json).
It starts Quire embedded on a temporary data directory, reads every route each service serves
with the zod schemas of its input layer, and adds the reference's success answers.

  --check   write nothing; exit 1 when docs/openapi.json differs from what would be written
`;

/** The routes every service serves, each checked against the gateway's route table. */
export async function collectRoutes(): Promise<DocumentRoute[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-openapi-'));
  const quire = await startEmbedded({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error' }, createLogger('openapi', 'error'));
  try {
    const served = SERVICE_NAMES.flatMap((service) => quire.services[service].httpRoutes.map((route) => ({ ...route, service })));
    for (const route of served) {
      const entry = ROUTE_TABLE.find((e) => e.method === route.method && e.path === route.path);
      if (!entry || entry.service !== route.service)
        throw new Error(`${route.service} serves ${route.method} ${route.path}, which the gateway's route table does not route to it`);
    }
    // One entry per path of the table: a literal path such as `…/versions/latest` is served by the
    // service's `…/versions/{versionId}` route and documented as the reference has it.
    const routes = ROUTE_TABLE.map((entry): DocumentRoute => {
      const route =
        served.find((r) => r.method === entry.method && r.path === entry.path) ??
        served.find((r) => r.method === entry.method && r.service === entry.service && templateOf(r.path).test(entry.path));
      if (!route) throw new Error(`the route table routes ${entry.method} ${entry.path}, which ${entry.service} does not serve`);
      return { ...route, path: entry.path, ...(entry.access ? { access: entry.access } : {}) };
    });
    return routes;
  } finally {
    await quire.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const templateOf = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

export async function generateDocument(): Promise<string> {
  const version = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')).version as string;
  return JSON.stringify(buildOpenApiDocument(await collectRoutes(), loadReferences(), version), null, 2) + '\n';
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length) {
    process.stderr.write(`unknown argument ${unknown[0]}\n\n${USAGE}`);
    return 2;
  }
  const text = await generateDocument();
  if (args.includes('--check')) {
    const current = readFileSync(DOCUMENT_FILE, 'utf8');
    if (current === text) return 0;
    process.stderr.write('docs/openapi.json is stale: run `npm run openapi:gen` and commit the result\n');
    return 1;
  }
  writeFileSync(DOCUMENT_FILE, text);
  process.stderr.write(`wrote ${DOCUMENT_FILE}\n`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    },
  );
}
