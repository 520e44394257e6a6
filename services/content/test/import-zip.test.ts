import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createLogger } from '@quire/platform/logger';
import { OutboundAddressPolicy, OutboundError, OutboundFetcher } from '@quire/platform/outbound';
import type { ImportDeps } from '../src/modules/imports/domain/importer';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../src/settings';
import { importZip } from '../src/modules/imports/domain/zip-import';
import { testConversions } from './conversion-threads';

// The zip importer's fetch: fixtures of test/fixtures/import/make-zips.py served by a loopback
// server through the real outbound fetcher (127.0.0.1 allow-listed). What the zip becomes is
// @quire/formats' readZipContent, tested there (packages/formats/test/zip-content.test.ts).

const FIXTURES = join(__dirname, '../../../test/fixtures/import/zip');
let server: Server;
let base: string;
const fetcher = new OutboundFetcher(new OutboundAddressPolicy(['127.0.0.1']));
const log = createLogger('test', 'silent');

beforeAll(async () => {
  server = createServer((req, res) => {
    readFile(join(FIXTURES, (req.url ?? '/').replace(/[^\w.-]/g, '')))
      .then((body) => res.writeHead(200, { 'content-type': 'application/zip' }).end(body))
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await fetcher.close();
  await new Promise((resolve) => server.close(resolve));
});

function deps(limits: Partial<ImportLimits> = {}): ImportDeps {
  return { fetcher, log, limits: { ...DEFAULT_IMPORT_LIMITS, ...limits }, conversions: testConversions() };
}

describe('importZip', () => {
  it('fetches the zip and imports its pages and files', async () => {
    const content = await importZip(`${base}/docs.zip`, deps());
    expect(content.pages.map((p) => p.title)).toEqual(['Welcome', 'Getting started', 'Reference', 'Extra']);
    expect(content.files.map((f) => f.name)).toEqual(['logo.png', 'manual.pdf', 'diagram.svg']);
    expect(content.totalResources).toBe(15);
  });

  it('passes the archive limits on', async () => {
    await expect(importZip(`${base}/many.zip`, deps({ maxZipEntries: 20 }))).rejects.toThrow(/the zip has 30 entries, more than the limit of 20/);
  });

  it('refuses a zip larger than the fetch limit before reading it', async () => {
    await expect(importZip(`${base}/bomb.zip`, deps({ maxFetchBytes: 10_000 }))).rejects.toMatchObject({ kind: 'too-large' });
  });

  it('passes fetch failures on as OutboundError', async () => {
    await expect(importZip(`${base}/missing.zip`, deps())).rejects.toThrow(OutboundError);
  });

  it('fetches only through the outbound policy: a loopback address outside the allow list is refused', async () => {
    const strict = new OutboundFetcher(new OutboundAddressPolicy([]));
    try {
      await expect(importZip(`${base}/docs.zip`, { ...deps(), fetcher: strict })).rejects.toMatchObject({ kind: 'refused' });
    } finally {
      await strict.close();
    }
  });
});
