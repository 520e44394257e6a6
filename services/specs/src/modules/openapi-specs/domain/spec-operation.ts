// One operation of a stored OpenAPI (3.x) or Swagger (2.0) document, as the reader shows it in an
// `openapi-operation` block (issue #36 §2): method, path, summary, description, parameters, request
// body and responses, with schemas as pretty JSON. Local `$ref`s are resolved, bounded: whatever
// the document holds, the answer stays small (a huge spec must not make a huge page).

/** Parameters and responses shown at most; text and schema lengths (characters) at most. */
export const OPERATION_LIMITS = { parameters: 50, responses: 20, text: 2_000, schemaChars: 6_000, schemaDepth: 6, schemaNodes: 2_000 } as const;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export interface OperationParameterView {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}

export interface OperationBodyView {
  description: string;
  required: boolean;
  contentType: string;
  /** The schema as pretty JSON (refs resolved, bounded); empty when none. */
  schema: string;
}

export interface OperationResponseView {
  status: string;
  description: string;
  contentType: string;
  schema: string;
}

export interface OperationView {
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  parameters: OperationParameterView[];
  requestBody?: OperationBodyView;
  responses: OperationResponseView[];
  /** Parameters or responses were left out (over the limits). */
  truncated: boolean;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const cut = (v: unknown, max: number = OPERATION_LIMITS.text): string => {
  const s = str(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

/** The operation at `path` + `method` of a parsed document, or undefined when it has none. */
export function operationOf(document: unknown, path: string, method: string): OperationView | undefined {
  const verb = method.toLowerCase();
  if (!isObj(document) || !METHODS.has(verb)) return undefined;
  const paths = document.paths;
  if (!isObj(paths) || !Object.prototype.hasOwnProperty.call(paths, path)) return undefined;
  const refs = new RefResolver(document);
  const item = refs.deref(paths[path]);
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
    type: typeOf(refs, isObj(p.schema) ? p.schema : p),
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
    path,
    summary: cut(operation.summary, 500),
    description: cut(operation.description),
    deprecated: operation.deprecated === true,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    truncated: plain.length > OPERATION_LIMITS.parameters || responseEntries.length > OPERATION_LIMITS.responses,
  };
}

/** OpenAPI 3's `requestBody`, or Swagger 2's `in: body` parameter. */
function bodyOf(refs: RefResolver, operation: Json, swaggerBody: Json | undefined): OperationBodyView | undefined {
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

/** A short type: `string`, `integer (int64)`, `array of string`, or the referenced schema's name. */
function typeOf(refs: RefResolver, schema: Json): string {
  const ref = str(schema.$ref);
  if (ref) return cut(ref.split('/').pop(), 100);
  const resolved = refs.deref(schema);
  if (!isObj(resolved)) return '';
  const type = Array.isArray(resolved.type) ? resolved.type.map(str).filter(Boolean).join(' | ') : str(resolved.type);
  if (type === 'array' && isObj(resolved.items)) return `array of ${typeOf(refs, resolved.items)}`;
  const format = str(resolved.format);
  return cut(format ? `${type} (${format})` : type, 100);
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Local `$ref`s (`#/components/schemas/Pet`) of one document, followed a bounded number of times. */
class RefResolver {
  constructor(private readonly document: Json) {}

  /** The value a `$ref` points at (up to 10 hops), or the value itself. */
  deref(value: unknown): unknown {
    let current = value;
    for (let hops = 0; hops < 10 && isObj(current) && typeof current.$ref === 'string'; hops++) {
      const target = this.pointer(current.$ref);
      if (target === undefined) return current;
      current = target;
    }
    return current;
  }

  /** A schema as pretty JSON: refs inlined to a depth, cycles and deeper refs kept as `{"$ref"}`, the text capped. */
  pretty(schema: unknown): string {
    if (schema === undefined || schema === null) return '';
    let budget = OPERATION_LIMITS.schemaNodes;
    // `names`: the object maps names to schemas (`properties`), where `example` is a property like any other.
    const expand = (value: unknown, depth: number, seen: ReadonlySet<string>, names = false): unknown => {
      if (--budget < 0) return '…';
      if (Array.isArray(value)) return value.slice(0, 50).map((v) => expand(v, depth + 1, seen));
      if (!isObj(value)) return value;
      const ref = typeof value.$ref === 'string' ? value.$ref : undefined;
      if (ref) {
        const target = this.pointer(ref);
        if (target === undefined || seen.has(ref) || depth >= OPERATION_LIMITS.schemaDepth) return { $ref: ref };
        return expand(target, depth + 1, new Set([...seen, ref]));
      }
      const out: Json = {};
      for (const [key, v] of Object.entries(value).slice(0, 100)) {
        // Examples and vendor extensions are not part of the shape shown.
        if (!names && (key === 'example' || key === 'examples' || key.startsWith('x-'))) continue;
        out[key] = expand(v, depth + 1, seen, !names && (key === 'properties' || key === 'patternProperties'));
      }
      return out;
    };
    const text = JSON.stringify(expand(schema, 0, new Set()), null, 2) ?? '';
    return text.length > OPERATION_LIMITS.schemaChars ? `${text.slice(0, OPERATION_LIMITS.schemaChars)}\n…` : text;
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = this.document;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(at) && !Array.isArray(at)) return undefined;
      if (!Object.prototype.hasOwnProperty.call(at, key)) return undefined;
      at = (at as Json)[key];
    }
    return at;
  }
}
