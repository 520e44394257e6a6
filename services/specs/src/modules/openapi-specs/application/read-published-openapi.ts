import type { specs } from '@quire/proto';
import type { SqlDatabase } from '@quire/platform/sql';
import { specSlugOfAddress } from '../domain/spec-address';
import { specItemKey, type SpecItem } from '../domain/spec-document-tasks';
import type { SpecDocuments } from '../domain/spec-documents';
import { findSpecBySlug, findSpecBySourceUrl } from '../store/openapi-specs.store';
import { findSpecVersionDocument } from '../store/spec-versions.store';

/**
 * Items (operations, webhooks, swagger operations and schemas together) and distinct specs one call
 * reads at most (one rendered page's blocks); the rest answer not found.
 */
export const MAX_ITEMS = 20;
export const MAX_SPECS = 5;
/** Stored documents kept per process (their text: parsing happens where spec-documents.ts says), and answers kept in memory. */
const MAX_STORED_DOCUMENTS = 2;
const MAX_CACHED_ANSWERS = 1_000;
const MAX_URL = 2048;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// What a block names, in the shapes of specs' GetPublishedOperations request (proto/quire/specs.proto).
export type OperationRef = specs.SpecOperationRef;
export type SchemaRef = specs.SpecSchemaRef;
export type WebhookRef = specs.SpecWebhookRef;
export type SwaggerRef = specs.SwaggerOperationRef;

/** GetPublishedOperations' request without its token (the caller verified it); kinds other than operations may be left out. */
export type PublishedOpenApiRequest = Pick<specs.GetPublishedOperationsRequest, 'operations'> &
  Partial<Pick<specs.GetPublishedOperationsRequest, 'schemas' | 'webhooks' | 'swaggerOperations'>>;

export type PublishedOpenApiAnswer = specs.GetPublishedOperationsResponse;

/**
 * A small LRU: versions never change, so an entry is right until it is evicted. Parsing a large
 * document is the costly step (seconds for a large YAML, in a thread): the same item is then answered
 * from memory, and another item of the same version needs no second read of the store.
 */
class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const storedDocuments = new Lru<string | null>(MAX_STORED_DOCUMENTS);
const answers = new Lru<string>(MAX_CACHED_ANSWERS);

export interface PublishedOpenApiDeps {
  db: SqlDatabase;
  documents: Pick<SpecDocuments, 'items'>;
}

/** One item a call asks of a spec version, and where its answer goes. */
interface Ask {
  versionId: string;
  item: SpecItem;
  answer: (json: string) => void;
}

/**
 * What the reader's OpenAPI blocks show, from each of an organization's specs' latest version:
 * operations (`openapi-operation`), webhooks (`openapi-webhook`), operations of a spec a `swagger` block
 * names by URL (when it is one of the organization's: nothing is fetched) and component schemas
 * (`openapi-schemas`). Only `organizationId`'s specs are read: the caller takes it from the verified
 * site apiToken. A missing spec, version or item is `found: false`, never an error.
 */
export async function readPublishedOpenApi(
  deps: PublishedOpenApiDeps,
  organizationId: string,
  request: PublishedOpenApiRequest,
): Promise<PublishedOpenApiAnswer> {
  const versions = new LatestVersions(deps.db, organizationId);
  const asks: Ask[] = [];
  let items = 0;
  // The item budget is spent in this order; a spec counts once whichever items name it.
  const ask = async (lookup: () => Promise<string | undefined>, item: SpecItem, answer: (json: string) => void) => {
    const versionId = items++ < MAX_ITEMS ? await lookup() : undefined;
    if (versionId) asks.push({ versionId, item, answer });
  };

  // Views (domain/spec-operation.ts, spec-schema.ts) are kept as their JSON (spec-document-tasks.ts): read back as written.
  const operationOf = (json: string) => JSON.parse(json) as specs.OpenApiOperation;
  const operations = request.operations.map((ref): specs.SpecOperation => ({ ...ref, found: false, operation: undefined }));
  for (const o of operations) {
    await ask(
      () => versions.bySlug(o.spec),
      { kind: 'operation', path: o.path, method: o.method },
      (json) => Object.assign(o, { found: true, operation: operationOf(json) }),
    );
  }
  const webhooks = (request.webhooks ?? []).map((ref): specs.SpecWebhook => ({ ...ref, found: false, webhook: undefined }));
  for (const w of webhooks) {
    await ask(
      () => versions.bySlug(w.spec),
      { kind: 'webhook', name: w.name, method: w.method },
      (json) => Object.assign(w, { found: true, webhook: operationOf(json) }),
    );
  }
  const swaggerOperations = (request.swaggerOperations ?? []).map((ref): specs.SwaggerOperation => ({ ...ref, found: false, operation: undefined }));
  for (const o of swaggerOperations) {
    await ask(
      () => versions.byUrl(o.url),
      { kind: 'operation', path: o.path, method: o.method },
      (json) => Object.assign(o, { found: true, operation: operationOf(json) }),
    );
  }
  const schemas = (request.schemas ?? []).map((ref): specs.SpecSchema => ({ ...ref, found: false, schema: undefined }));
  for (const sc of schemas) {
    await ask(
      () => versions.bySlug(sc.spec),
      { kind: 'schema', name: sc.name },
      (json) => Object.assign(sc, { found: true, schema: JSON.parse(json) as specs.OpenApiSchema }),
    );
  }
  await answerAsks(deps, asks);
  return { operations, schemas, webhooks, swaggerOperations };
}

/**
 * Answers each ask from memory, else reads each version's document once and asks for all of its
 * unanswered items in one parse (a thread task for a large document). A version whose document
 * could not be read now leaves its items not found, and nothing is remembered: the next call asks again.
 */
async function answerAsks(deps: PublishedOpenApiDeps, asks: readonly Ask[]): Promise<void> {
  const unanswered = new Map<string, Ask[]>();
  for (const a of asks) {
    const json = answers.get(`${a.versionId} ${specItemKey(a.item)}`);
    if (json !== undefined) {
      if (json) a.answer(json);
    } else unanswered.set(a.versionId, [...(unanswered.get(a.versionId) ?? []), a]);
  }
  for (const [versionId, pending] of unanswered) {
    const text = await documentOf(deps.db, versionId);
    const jsons =
      text === null
        ? pending.map(() => '')
        : await deps.documents.items(
            versionId,
            text,
            pending.map((a) => a.item),
          );
    if (!jsons) continue;
    for (const [n, a] of pending.entries()) {
      const json = jsons[n] ?? '';
      answers.set(`${versionId} ${specItemKey(a.item)}`, json);
      if (json) a.answer(json);
    }
  }
}

/** The latest version of each spec a call names, by slug or by URL; at most MAX_SPECS distinct lookups. */
class LatestVersions {
  private readonly versions = new Map<string, Promise<string | undefined>>();
  constructor(
    private readonly db: SqlDatabase,
    private readonly organizationId: string,
  ) {}

  bySlug(slug: string): Promise<string | undefined> {
    return this.once(`slug ${slug}`, () =>
      SLUG.test(slug) ? findSpecBySlug(this.db, this.organizationId, slug).then((s) => s?.lastVersionId ?? undefined) : Promise.resolve(undefined),
    );
  }

  /** A spec's own address names it by slug; any other http(s) URL is looked up as a spec's source URL. */
  byUrl(url: string): Promise<string | undefined> {
    const slug = url.length <= MAX_URL ? specSlugOfAddress(url, this.organizationId) : undefined;
    if (slug) return this.bySlug(slug);
    return this.once(`url ${url}`, () =>
      url.length <= MAX_URL && /^https?:\/\//i.test(url)
        ? findSpecBySourceUrl(this.db, this.organizationId, url).then((s) => s?.lastVersionId ?? undefined)
        : Promise.resolve(undefined),
    );
  }

  private once(key: string, lookup: () => Promise<string | undefined>): Promise<string | undefined> {
    let version = this.versions.get(key);
    if (!version) {
      version = this.versions.size < MAX_SPECS ? lookup() : Promise.resolve(undefined);
      this.versions.set(key, version);
    }
    return version;
  }
}

/** A version's stored document, null when there is none. */
async function documentOf(db: SqlDatabase, versionId: string): Promise<string | null> {
  const cached = storedDocuments.get(versionId);
  if (cached !== undefined) return cached;
  const stored = await findSpecVersionDocument(db, versionId);
  const text = stored?.document ?? null;
  storedDocuments.set(versionId, text);
  return text;
}
