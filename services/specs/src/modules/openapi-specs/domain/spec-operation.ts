// One operation of a stored OpenAPI (3.x) or Swagger (2.0) document, as the reader shows it in an
// `openapi-operation` (or `swagger`) block, and one OpenAPI 3.1 webhook for an `openapi-webhook` block
// block: method, path (or webhook name), summary, description, parameters, request body and
// responses, with schemas as pretty JSON through spec-schema.ts's bounded walk. The views are the
// messages the reader gets (proto/quire/specs.proto): an operation's `name` and a webhook's `path` are empty.
import type { specs } from '@quire/proto';
import { cut, isObj, RefResolver, SCHEMA_LIMITS, str, type Json } from './spec-schema';

/** Parameters and responses shown at most; text and schema bounds as every schema the reader shows. */
export const OPERATION_LIMITS = { parameters: 50, responses: 20, ...SCHEMA_LIMITS } as const;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** What an operation and a webhook both show. */
type OperationShape = Omit<specs.OpenApiOperation, 'path' | 'name'>;

/** The operation at `path` + `method` of a parsed document, or undefined when it has none. */
export function operationOf(document: unknown, path: string, method: string): specs.OpenApiOperation | undefined {
  if (!isObj(document) || !isObj(document.paths)) return undefined;
  const shape = operationIn(document, document.paths, path, method);
  return shape && { ...shape, path, name: '' };
}

/** The webhook `name` + `method` of a parsed document (OpenAPI 3.1 `webhooks`), or undefined when it has none. */
export function webhookOf(document: unknown, name: string, method: string): specs.OpenApiOperation | undefined {
  if (!isObj(document) || !isObj(document.webhooks)) return undefined;
  const shape = operationIn(document, document.webhooks, name, method);
  if (!shape) return undefined;
  const { method: verb, ...rest } = shape;
  return { method: verb, name: cut(name, 500), path: '', ...rest };
}

/** The operation `method` of the path item `items[key]` (a path or a webhook name). */
function operationIn(document: Json, items: Json, key: string, method: string): OperationShape | undefined {
  const verb = method.toLowerCase();
  if (!METHODS.has(verb) || !Object.prototype.hasOwnProperty.call(items, key)) return undefined;
  const refs = new RefResolver(document);
  const item = refs.deref(items[key]);
  const operation = isObj(item) ? refs.deref(item[verb]) : undefined;
  if (!isObj(item) || !isObj(operation)) return undefined;

  // Path-level parameters, overridden by the operation's own (same name and place).
  const all = new Map<string, Json>();
  for (const raw of [...list(item.parameters), ...list(operation.parameters)]) {
    const p = refs.deref(raw);
    if (isObj(p) && str(p.name)) all.set(`${str(p.in)} ${str(p.name)}`, p);
  }
  const swaggerBody = [...all.values()].find((p) => p.in === 'body');
  const plain = [...all.values()].filter((p) => p.in !== 'body' && p.in !== 'formData');
  const parameters = plain.slice(0, OPERATION_LIMITS.parameters).map((p) => ({
    name: cut(p.name, 200),
    in: cut(p.in, 20),
    required: p.required === true,
    type: refs.typeOf(isObj(p.schema) ? p.schema : p),
    description: cut(p.description),
  }));

  const requestBody = bodyOf(refs, operation, swaggerBody);
  const responseEntries = isObj(operation.responses) ? Object.entries(operation.responses) : [];
  const responses = responseEntries.slice(0, OPERATION_LIMITS.responses).map(([status, raw]) => {
    const response = refs.deref(raw);
    const r = isObj(response) ? response : {};
    const [contentType, schema] = contentOf(refs, r);
    return { status: cut(status, 20), description: cut(r.description), contentType, schema };
  });
  return {
    method: verb,
    summary: cut(operation.summary, 500),
    description: cut(operation.description),
    deprecated: operation.deprecated === true,
    parameters,
    requestBody,
    responses,
    truncated: plain.length > OPERATION_LIMITS.parameters || responseEntries.length > OPERATION_LIMITS.responses,
  };
}

/** OpenAPI 3's `requestBody`, or Swagger 2's `in: body` parameter. */
function bodyOf(refs: RefResolver, operation: Json, swaggerBody: Json | undefined): specs.OpenApiPayload | undefined {
  if (swaggerBody) {
    return { description: cut(swaggerBody.description), required: swaggerBody.required === true, contentType: '', schema: refs.pretty(swaggerBody.schema) };
  }
  const body = refs.deref(operation.requestBody);
  if (!isObj(body)) return undefined;
  const [contentType, schema] = contentOf(refs, body);
  return { description: cut(body.description), required: body.required === true, contentType, schema };
}

/** The first media type of a body or response (OpenAPI 3 `content`), else Swagger 2's `schema`. */
function contentOf(refs: RefResolver, holder: Json): [string, string] {
  if (isObj(holder.content)) {
    const first = Object.entries(holder.content)[0];
    if (!first) return ['', ''];
    const media = refs.deref(first[1]);
    return [cut(first[0], 200), isObj(media) ? refs.pretty(media.schema) : ''];
  }
  return ['', refs.pretty(holder.schema)];
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
