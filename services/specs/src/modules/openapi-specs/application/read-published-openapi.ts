import type { SqlDatabase } from '@quire/platform/sql';
import { specSlugOfAddress } from '../domain/spec-address';
import { parseSpecText } from '../domain/spec-document';
import { operationOf, webhookOf } from '../domain/spec-operation';
import { componentSchemaOf } from '../domain/spec-schema';
import { findSpecBySlug, findSpecBySourceUrl } from '../store/openapi-specs.store';
import { findSpecVersionDocument } from '../store/spec-versions.store';

/**
 * Items (operations, webhooks, swagger operations and schemas together) and distinct specs one call
 * reads at most (one rendered page's blocks); the rest answer not found.
 */
export const MAX_ITEMS = 20;
export const MAX_SPECS = 5;
/** Parsed documents kept per process (a 6 MB spec is tens of MB parsed), and answers kept in memory. */
const MAX_PARSED_DOCUMENTS = 2;
const MAX_CACHED_ANSWERS = 1_000;
const MAX_URL = 2048;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface OperationRef {
  spec: string;
  path: string;
  method: string;
}
export interface SchemaRef {
  spec: string;
  name: string;
}
export interface WebhookRef {
  spec: string;
  name: string;
  method: string;
}
export interface SwaggerRef {
  url: string;
  path: string;
  method: string;
}

export interface PublishedOpenApiRequest {
  operations: readonly OperationRef[];
  schemas?: readonly SchemaRef[];
  webhooks?: readonly WebhookRef[];
  swaggerOperations?: readonly SwaggerRef[];
}

export interface PublishedOpenApiAnswer {
  operations: Array<OperationRef & { found: boolean; operationJson: string }>;
  schemas: Array<SchemaRef & { found: boolean; schemaJson: string }>;
  webhooks: Array<WebhookRef & { found: boolean; webhookJson: string }>;
  swaggerOperations: Array<SwaggerRef & { found: boolean; operationJson: string }>;
}

/**
 * A small LRU: versions never change, so an entry is right until it is evicted. Parsing a large
 * document is the costly step (hundreds of ms for a 6 MB JSON): the same item is then answered
 * from memory, and another item of the same version needs no second parse.
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

const parsedDocuments = new Lru<unknown>(MAX_PARSED_DOCUMENTS);
const answers = new Lru<string>(MAX_CACHED_ANSWERS);

/**
 * What the reader's OpenAPI blocks show, from each of an organization's specs' latest version:
 * operations (`openapi-operation`), webhooks (`openapi-webhook`), operations of a spec a `swagger` block
 * names by URL (when it is one of the organization's: nothing is fetched) and component schemas
 * (`openapi-schemas`). Only `organizationId`'s specs are read: the caller takes it from the verified
 * site apiToken. A missing spec, version or item is `found: false`, never an error.
 */
export async function readPublishedOpenApi(db: SqlDatabase, organizationId: string, request: PublishedOpenApiRequest): Promise<PublishedOpenApiAnswer> {
  const specs = new LatestVersions(db, organizationId);
  let items = 0;
  // The item budget is spent in this order; a spec counts once whichever items name it.
  const versionFor = (lookup: () => Promise<string | undefined>) => (items++ < MAX_ITEMS ? lookup() : Promise.resolve(undefined));

  const operations: PublishedOpenApiAnswer['operations'] = [];
  for (const ref of request.operations) {
    const versionId = await versionFor(() => specs.bySlug(ref.spec));
    const json = await answerOf(db, versionId, `operation ${ref.method.toLowerCase()} ${ref.path}`, (doc) => operationOf(doc, ref.path, ref.method));
    operations.push({ ...ref, found: json !== '', operationJson: json });
  }
  const webhooks: PublishedOpenApiAnswer['webhooks'] = [];
  for (const ref of request.webhooks ?? []) {
    const versionId = await versionFor(() => specs.bySlug(ref.spec));
    const json = await answerOf(db, versionId, `webhook ${ref.method.toLowerCase()} ${ref.name}`, (doc) => webhookOf(doc, ref.name, ref.method));
    webhooks.push({ ...ref, found: json !== '', webhookJson: json });
  }
  const swaggerOperations: PublishedOpenApiAnswer['swaggerOperations'] = [];
  for (const ref of request.swaggerOperations ?? []) {
    const versionId = await versionFor(() => specs.byUrl(ref.url));
    const json = await answerOf(db, versionId, `operation ${ref.method.toLowerCase()} ${ref.path}`, (doc) => operationOf(doc, ref.path, ref.method));
    swaggerOperations.push({ ...ref, found: json !== '', operationJson: json });
  }
  const schemas: PublishedOpenApiAnswer['schemas'] = [];
  for (const ref of request.schemas ?? []) {
    const versionId = await versionFor(() => specs.bySlug(ref.spec));
    const json = await answerOf(db, versionId, `schema ${ref.name}`, (doc) => componentSchemaOf(doc, ref.name));
    schemas.push({ ...ref, found: json !== '', schemaJson: json });
  }
  return { operations, schemas, webhooks, swaggerOperations };
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

/** An item of a version as JSON ('' when the version or the item does not exist), from memory when it was read before. */
async function answerOf(db: SqlDatabase, versionId: string | undefined, item: string, view: (document: unknown) => object | undefined): Promise<string> {
  if (!versionId) return '';
  const key = `${versionId} ${item}`;
  let json = answers.get(key);
  if (json === undefined) {
    const found = view(await documentOf(db, versionId));
    json = found ? JSON.stringify(found) : '';
    answers.set(key, json);
  }
  return json;
}

async function documentOf(db: SqlDatabase, versionId: string): Promise<unknown> {
  const cached = parsedDocuments.get(versionId);
  if (cached !== undefined) return cached;
  const stored = await findSpecVersionDocument(db, versionId);
  const parsed = stored ? (parseSpecText(stored.document) ?? null) : null;
  parsedDocuments.set(versionId, parsed);
  return parsed;
}
