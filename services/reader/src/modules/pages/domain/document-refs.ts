import type { content, specs } from '@quire/proto';

// What a page's document refers to outside its own site space, found before it is rendered so that
// the reader reads it in one batch per kind: what its OpenAPI blocks name (specs:
// `openapi-operation` operations, `openapi-webhook` webhooks, `openapi-schemas` schema names, and the
// operations of `swagger` blocks that name their spec by an http(s) URL), and the pages and spaces its
// links name in other spaces (content). Pure, bounded.

/** Nodes walked at most (a document is bounded by content, this bounds the walk whatever it holds). */
const MAX_NODES = 200_000;
/** OpenAPI items (operations, webhooks, swagger operations, schema names together) and cross-space pages gathered at most: the rest render as if not found. */
export const MAX_OPENAPI_REFS = 20;
export const MAX_PAGE_REFS = 200;
/** A swagger block's spec URL longer than this is not asked about (specs answers none longer). */
const MAX_URL = 2048;

// What a block names, in the shapes of specs' GetPublishedOperations request (proto/quire/specs.proto).
export type OperationRef = specs.SpecOperationRef;
export type SchemaRef = specs.SpecSchemaRef;
export type WebhookRef = specs.SpecWebhookRef;
export type SwaggerRef = specs.SwaggerOperationRef;

export interface DocumentRefs {
  operations: OperationRef[];
  schemas: SchemaRef[];
  webhooks: WebhookRef[];
  swaggerOperations: SwaggerRef[];
  /** Pages of other spaces than the page's own (links, anchors, mentions, buttons, content-refs). */
  pages: content.PublishedPageRef[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The keys of OpenAPI items (as the reader looks their answers up). */
export const operationKey = (ref: OperationRef): string => `${ref.spec} ${ref.method.toLowerCase()} ${ref.path}`;
export const schemaKey = (ref: SchemaRef): string => `${ref.spec} ${ref.name}`;
export const webhookKey = (ref: WebhookRef): string => `${ref.spec} ${ref.method.toLowerCase()} ${ref.name}`;
export const swaggerKey = (ref: SwaggerRef): string => `${ref.url} ${ref.method.toLowerCase()} ${ref.path}`;

/** An `openapi-operation` block's operation, as stored (`data.ref` ContentRefOpenAPI, `data.path`, `data.method`). */
export function operationRefOf(data: unknown): OperationRef | undefined {
  if (!isObj(data) || !isObj(data.ref) || data.ref.kind !== 'openapi') return undefined;
  const spec = str(data.ref.spec);
  const path = str(data.path);
  const method = str(data.method);
  return spec && path && method ? { spec, path, method } : undefined;
}

/** An `openapi-schemas` block's spec and schema names (`data.ref` ContentRefOpenAPI, `data.schemas`), distinct, as stored. */
export function schemasRefOf(data: unknown): { spec: string; names: string[] } | undefined {
  if (!isObj(data) || !isObj(data.ref) || data.ref.kind !== 'openapi' || !Array.isArray(data.schemas)) return undefined;
  const spec = str(data.ref.spec);
  const names = [...new Set(data.schemas.filter((n): n is string => typeof n === 'string' && n !== ''))];
  return spec && names.length ? { spec, names } : undefined;
}

/** An `openapi-webhook` block's webhook (`data.ref` ContentRefOpenAPI, `data.name`, `data.method`). */
export function webhookRefOf(data: unknown): WebhookRef | undefined {
  if (!isObj(data) || !isObj(data.ref) || data.ref.kind !== 'openapi') return undefined;
  const spec = str(data.ref.spec);
  const name = str(data.name);
  const method = str(data.method);
  return spec && name && method ? { spec, name, method } : undefined;
}

/** A `swagger` block's operation when it names its spec by an http(s) URL (`data.ref` ContentRefURL); a space file is not asked about. */
export function swaggerRefOf(data: unknown): SwaggerRef | undefined {
  if (!isObj(data) || !isObj(data.ref) || data.ref.kind !== 'url') return undefined;
  const url = str(data.ref.url).trim();
  const path = str(data.path);
  const method = str(data.method);
  return /^https?:\/\//i.test(url) && url.length <= MAX_URL && path && method ? { url, path, method } : undefined;
}

/** The OpenAPI items and other spaces' pages a document (JSON, any shape) names; `spaceId` is the page's own space. */
export function documentRefsOf(document: unknown, spaceId: string): DocumentRefs {
  const operations = new Map<string, OperationRef>();
  const schemas = new Map<string, SchemaRef>();
  const webhooks = new Map<string, WebhookRef>();
  const swaggerOperations = new Map<string, SwaggerRef>();
  const openapiItems = () => operations.size + schemas.size + webhooks.size + swaggerOperations.size;
  const pages = new Map<string, content.PublishedPageRef>();
  const stack: unknown[] = [document];
  for (let walked = 0; stack.length > 0 && walked < MAX_NODES; walked++) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    if (!isObj(node)) continue;
    if (node.type === 'openapi-operation' && openapiItems() < MAX_OPENAPI_REFS) {
      const ref = operationRefOf(node.data);
      if (ref && !operations.has(operationKey(ref))) operations.set(operationKey(ref), ref);
    } else if (node.type === 'openapi-webhook' && openapiItems() < MAX_OPENAPI_REFS) {
      const ref = webhookRefOf(node.data);
      if (ref && !webhooks.has(webhookKey(ref))) webhooks.set(webhookKey(ref), ref);
    } else if (node.type === 'swagger' && openapiItems() < MAX_OPENAPI_REFS) {
      const ref = swaggerRefOf(node.data);
      if (ref && !swaggerOperations.has(swaggerKey(ref))) swaggerOperations.set(swaggerKey(ref), ref);
    } else if (node.type === 'openapi-schemas') {
      const ref = schemasRefOf(node.data);
      for (const name of ref?.names ?? []) {
        if (!ref || openapiItems() >= MAX_OPENAPI_REFS) break;
        schemas.set(schemaKey({ spec: ref.spec, name }), { spec: ref.spec, name });
      }
    }
    const ref = isObj(node.data) ? node.data.ref : undefined;
    if (isObj(ref) && (ref.kind === 'page' || ref.kind === 'anchor') && pages.size < MAX_PAGE_REFS) {
      const space = str(ref.space);
      const page = str(ref.page);
      if (space && page && space !== spaceId) pages.set(`${space} ${page}`, { spaceId: space, pageId: page });
    }
    for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
  }
  return {
    operations: [...operations.values()],
    schemas: [...schemas.values()],
    webhooks: [...webhooks.values()],
    swaggerOperations: [...swaggerOperations.values()],
    pages: [...pages.values()],
  };
}
