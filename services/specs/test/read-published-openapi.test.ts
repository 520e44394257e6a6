import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { MAX_ITEMS, MAX_SPECS, readPublishedOpenApi } from '../src/modules/openapi-specs/application/read-published-openapi';
import { SPEC_DOCUMENT_TASKS, type SpecItem } from '../src/modules/openapi-specs/domain/spec-document-tasks';
import { insertSpec, markSpecProcessed } from '../src/modules/openapi-specs/store/openapi-specs.store';
import { insertSpecVersion } from '../src/modules/openapi-specs/store/spec-versions.store';
import { openServiceDb } from '../../../test/support/service-db';

// The reader's OpenAPI blocks read from stored specs on embedded Postgres: organization
// scoping, swagger URLs naming the organization's own specs, and the per-call bounds.

const now = new Date('2026-02-01T00:00:00Z');
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'ok' } } } } },
  webhooks: { newPet: { post: { summary: 'A pet was added', responses: { '200': { description: 'ok' } } } } },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
};

let db: PgliteDatabase;
/** The documents' items read inline (spec-documents.test.ts covers the threads); counts its parses. */
let parses = 0;
const documents = {
  items: async (key: string, text: string, items: readonly SpecItem[]) => {
    parses++;
    return SPEC_DOCUMENT_TASKS.items({ key, text, items: [...items] });
  },
};
let seq = 0;
async function storedSpec(organizationId: string, slug: string, sourceUrl: string | null = null): Promise<void> {
  const id = `spec-${++seq}`;
  await insertSpec(db, { id, organizationId, slug, sourceUrl }, now);
  const version = `version-${seq}`;
  const document = JSON.stringify({ ...DOCUMENT, info: { ...DOCUMENT.info, title: slug } });
  await insertSpecVersion(db, { id: version, specId: id, sha256: version, sourceUrl, fileName: 'spec.json', mediaType: 'application/json', document }, now);
  await markSpecProcessed(db, id, { lastVersionId: version, errorCode: null, errors: null, errorCount: 0 }, now);
}

beforeAll(async () => {
  db = await openServiceDb('specs', join(__dirname, '..', 'migrations'));
  await storedSpec('org1', 'pets', 'https://example.com/pets.json');
  for (let i = 0; i < 6; i++) await storedSpec('org1', `more-${i}`);
  await storedSpec('org2', 'secret', 'https://example.com/secret.json');
});
afterAll(() => db.close());

describe('readPublishedOpenApi', () => {
  it('answers schemas, webhooks and operations of the organization’s specs; unknown ones are not found', async () => {
    const answer = await readPublishedOpenApi({ db, documents }, 'org1', {
      operations: [{ spec: 'pets', path: '/pets', method: 'GET' }],
      schemas: [
        { spec: 'pets', name: 'Pet' },
        { spec: 'pets', name: 'Owner' },
      ],
      webhooks: [
        { spec: 'pets', name: 'newPet', method: 'post' },
        { spec: 'pets', name: 'newPet', method: 'get' },
      ],
    });
    expect(answer.operations[0]).toMatchObject({ found: true });
    expect(answer.schemas[0]!.schema).toMatchObject({ name: 'Pet', type: 'object' });
    expect(answer.schemas[1]).toEqual({ spec: 'pets', name: 'Owner', found: false, schema: undefined });
    expect(answer.webhooks[0]!.webhook).toMatchObject({ name: 'newPet', path: '', method: 'post', summary: 'A pet was added' });
    expect(answer.webhooks[1]).toMatchObject({ found: false, webhook: undefined });
    expect(answer.swaggerOperations).toEqual([]);
  });

  it('never reads another organization’s spec, by slug or by URL', async () => {
    const answer = await readPublishedOpenApi({ db, documents }, 'org1', {
      operations: [],
      schemas: [{ spec: 'secret', name: 'Pet' }],
      webhooks: [{ spec: 'secret', name: 'newPet', method: 'post' }],
      swaggerOperations: [
        { url: 'https://example.com/secret.json', path: '/pets', method: 'get' },
        { url: 'https://quire.example/v1/orgs/org2/openapi/secret', path: '/pets', method: 'get' },
      ],
    });
    expect([...answer.schemas, ...answer.webhooks, ...answer.swaggerOperations].map((a) => a.found)).toEqual([false, false, false, false]);
  });

  it('answers a swagger block’s operation when its URL is one of the organization’s specs (source URL, API or app address); not an external one', async () => {
    const op = (url: string) => ({ url, path: '/pets', method: 'get' });
    const answer = await readPublishedOpenApi({ db, documents }, 'org1', {
      operations: [],
      swaggerOperations: [
        op('https://example.com/pets.json'),
        op('https://quire.example/v1/orgs/org1/openapi/more-1'),
        op('https://quire.example/o/org1/openapi/more-2'),
        op('https://example.com/elsewhere.yaml'),
        op('file:///etc/passwd'),
      ],
    });
    expect(answer.swaggerOperations.map((a) => a.found)).toEqual([true, true, true, false, false]);
    expect(answer.swaggerOperations[0]!.operation).toMatchObject({ method: 'get', path: '/pets', name: '', summary: 'List pets' });
  });

  it(`reads at most ${MAX_ITEMS} items of all kinds together and at most ${MAX_SPECS} specs per call`, async () => {
    const answer = await readPublishedOpenApi({ db, documents }, 'org1', {
      operations: Array.from({ length: 15 }, () => ({ spec: 'pets', path: '/pets', method: 'get' })),
      webhooks: Array.from({ length: 4 }, () => ({ spec: 'pets', name: 'newPet', method: 'post' })),
      schemas: Array.from({ length: 6 }, () => ({ spec: 'pets', name: 'Pet' })),
    });
    expect(answer.operations.every((a) => a.found)).toBe(true);
    expect(answer.webhooks.every((a) => a.found)).toBe(true);
    expect(answer.schemas.map((a) => a.found)).toEqual([true, false, false, false, false, false]);

    const specs = await readPublishedOpenApi({ db, documents }, 'org1', {
      operations: [],
      schemas: ['pets', 'more-0', 'more-1', 'more-2', 'more-3', 'more-4', 'pets'].map((spec) => ({ spec, name: 'Pet' })),
    });
    expect(specs.schemas.map((a) => a.found)).toEqual([true, true, true, true, true, false, true]);
  });

  it('reads a version once for all its items, and leaves items of a document it could not read now unremembered', async () => {
    await storedSpec('org1', 'once');
    parses = 0;
    const late = { items: async () => undefined };
    const first = await readPublishedOpenApi({ db, documents: late }, 'org1', {
      operations: [{ spec: 'once', path: '/pets', method: 'get' }],
      schemas: [{ spec: 'once', name: 'Pet' }],
    });
    expect(first.operations[0]).toMatchObject({ found: false, operation: undefined });
    expect(first.schemas[0]).toMatchObject({ found: false, schema: undefined });
    const again = await readPublishedOpenApi({ db, documents }, 'org1', {
      operations: [{ spec: 'once', path: '/pets', method: 'get' }],
      schemas: [{ spec: 'once', name: 'Pet' }],
      webhooks: [{ spec: 'once', name: 'newPet', method: 'post' }],
    });
    expect([again.operations[0]?.found, again.schemas[0]?.found, again.webhooks[0]?.found]).toEqual([true, true, true]);
    expect(parses).toBe(1);
  });
});
