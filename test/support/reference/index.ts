/**
 * Validation of API payloads against the reference GitBook OpenAPI documents.
 *
 * - `0.143.2`: `@gitbook/api@0.143.2` — the main reference (default).
 * - `0.91.0`:  `gitbook-api-091` (npm alias of `@gitbook/api@0.91.0`) — only for custom fields
 *   (CustomField, CustomFieldValue, …, and the custom-field operations), which 0.143.2 no longer has.
 * - `0.202.0`: `gitbook-api-0202` (npm alias of `@gitbook/api@0.202.0`, today's client) — only when
 *   asked for (`{ reference: '0.202.0' }`): batch content edits (updateChangeRequestContent), and
 *   every answer to today's client in test/support/client-0202.ts.
 *
 * When no `reference` option is given, names that contain "CustomField" and do not exist in
 * 0.143.2 (schemas, operationIds, paths) are looked up in 0.91.0; everything else uses 0.143.2.
 *
 * 0.143.2 and 0.91.0 declare `openapi: 3.0.3` (0.202.0 declares 3.1.0, see the last line). Their schema dialect is converted to JSON Schema
 * (draft-07, Ajv) as follows — nothing is made stricter than the reference declares:
 * - `nullable: true` adds `null` to `type` (and to `enum` if it has one); on a `$ref` (whose
 *   siblings 3.0 ignores) it becomes `anyOf: [$ref, {type: null}]`, as the reference's own generated
 *   TypeScript types read it (`endDate: Timestamp | null`).
 * - boolean `exclusiveMinimum` / `exclusiveMaximum` (3.0 / draft-04 form) become numeric.
 * - `discriminator`, `example`, `examples`, `xml`, `externalDocs` and `x-*` are dropped;
 *   `deprecated`, `readOnly`, `writeOnly` are kept as annotations (none of them validate).
 * - `$ref: '#/components/schemas/X'` is rewritten to an absolute URI into a copy of the document's
 *   `components` registered in Ajv under an `$id`.
 * - `additionalProperties` is left as declared (absent = extra properties allowed); `oneOf` stays
 *   `oneOf`, except page_edited's attributes, whose three branches always overlap (anyOf, see below).
 * - formats: ajv-formats (date-time, uri, email, int32, byte, …); the non-standard `emoji` and `icon`
 *   formats are accepted as any string.
 * An OpenAPI 3.1 document (0.202.0) is compiled with Ajv's 2020-12 dialect instead (no conversion).
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export type ReferenceVersion = '0.143.2' | '0.91.0' | '0.202.0';
export interface ReferenceOptions {
  /** Which reference document to use. Default: 0.143.2 (0.91.0 for custom-field names, see above). */
  reference?: ReferenceVersion;
}

export const MAIN_REFERENCE: ReferenceVersion = '0.143.2';
export const CUSTOM_FIELDS_REFERENCE: ReferenceVersion = '0.91.0';

const PACKAGES: Record<ReferenceVersion, string> = {
  '0.143.2': '@gitbook/api',
  '0.91.0': 'gitbook-api-091',
  '0.202.0': 'gitbook-api-0202',
};

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface OperationEntry {
  operationId: string;
  method: string; // upper case
  pathTemplate: string;
  operation: Json;
  regex: RegExp;
  paramNames: string[];
  literalChars: number;
}

interface Reference {
  version: ReferenceVersion;
  document: Json;
  openapi: string;
  baseId: string;
  basePath: string; // server path prefix, e.g. "/v1"
  ajv: Ajv;
  operations: Map<string, OperationEntry>;
  operationList: OperationEntry[];
  validators: Map<string, ValidateFunction>;
}

const references = new Map<ReferenceVersion, Reference>();

// ---------------------------------------------------------------------------------------------
// Loading

function specFile(version: ReferenceVersion): string {
  const pkg = PACKAGES[version];
  try {
    return require.resolve(`${pkg}/spec/openapi.json`);
  } catch {
    // Fall back to walking up from this file to a node_modules directory.
    let dir = __dirname;
    for (;;) {
      const candidate = path.join(dir, 'node_modules', pkg, 'spec', 'openapi.json');
      if (fs.existsSync(candidate)) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) throw new Error(`reference OpenAPI document of ${pkg} not found`);
      dir = parent;
    }
  }
}

function serverBasePath(document: Json): string {
  const server = document.servers?.[0];
  if (!server?.url) return '';
  let url: string = server.url;
  for (const [name, variable] of Object.entries<Json>(server.variables ?? {})) {
    url = url.split(`{${name}}`).join(String(variable?.default ?? ''));
  }
  let pathname: string;
  try {
    pathname = new URL(url, 'http://placeholder.invalid').pathname;
  } catch {
    pathname = url;
  }
  return pathname.replace(/\/+$/, '');
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function load(version: ReferenceVersion): Reference {
  const existing = references.get(version);
  if (existing) return existing;
  const document = JSON.parse(fs.readFileSync(specFile(version), 'utf8'));
  const openapi = String(document.openapi ?? document.swagger ?? '');
  if (!/^3\.[01]\./.test(openapi)) {
    throw new Error(`reference ${version}: unsupported OpenAPI version "${openapi}"`);
  }
  const is31 = openapi.startsWith('3.1.');
  const ajvOptions = { strict: false, allErrors: true, validateFormats: true } as const;
  const ajv: Ajv = is31 ? (new Ajv2020(ajvOptions) as unknown as Ajv) : new Ajv(ajvOptions);
  addFormats(ajv);
  for (const format of ['emoji', 'icon']) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  const baseId = `https://reference.quire.invalid/gitbook-api/${version}/openapi.json`;
  const ref: Reference = {
    version,
    document,
    openapi,
    baseId,
    basePath: serverBasePath(document),
    ajv,
    operations: new Map(),
    operationList: [],
    validators: new Map(),
  };
  const schemas: Record<string, Json> = document.components?.schemas ?? {};
  const converted: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(schemas)) converted[name] = convertSchema(ref, schema);
  readUnsatisfiableOneOfs(converted);
  ajv.addSchema({ $id: baseId, components: { schemas: converted } } as AnySchema);

  for (const [pathTemplate, item] of Object.entries<Json>(document.paths ?? {})) {
    const paramNames: string[] = [];
    let literalChars = 0;
    const pattern = pathTemplate
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const m = /^\{([^}]+)\}$/.exec(part);
        if (m) {
          paramNames.push(m[1]);
          return '([^/]+)';
        }
        literalChars += part.length;
        return escapeRegex(part);
      })
      .join('');
    const regex = new RegExp(`^${pattern}$`);
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const operationId: string = operation.operationId ?? `${method.toUpperCase()} ${pathTemplate}`;
      const entry: OperationEntry = {
        operationId,
        method: method.toUpperCase(),
        pathTemplate,
        operation,
        regex,
        paramNames,
        literalChars,
      };
      ref.operations.set(operationId, entry);
      ref.operationList.push(entry);
    }
  }
  references.set(version, ref);
  return ref;
}

// ---------------------------------------------------------------------------------------------
// OpenAPI 3.0 schema dialect -> JSON Schema

const DROPPED_KEYWORDS = new Set(['discriminator', 'example', 'examples', 'xml', 'externalDocs', 'nullable']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
const SCHEMA_ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_KEYWORDS = new Set([
  'additionalProperties',
  'items',
  'additionalItems',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

function absoluteRef(ref: Reference, target: string): string {
  return target.startsWith('#') ? `${ref.baseId}${target}` : target;
}

function convertSchema(ref: Reference, schema: Json): Json {
  if (Array.isArray(schema)) return schema.map((s) => convertSchema(ref, s));
  if (!schema || typeof schema !== 'object') return schema;
  const is31 = ref.openapi.startsWith('3.1.');
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(schema)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = absoluteRef(ref, value);
    else if (DROPPED_KEYWORDS.has(key) && !(is31 && key === 'examples')) continue;
    else if (key.startsWith('x-')) continue;
    else if (SCHEMA_MAP_KEYWORDS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries<Json>(value).map(([k, v]) => [k, convertSchema(ref, v)]));
    } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      out[key] = value.map((v) => convertSchema(ref, v));
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = convertSchema(ref, value);
    } else if (key === 'dependencies' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries<Json>(value).map(([k, v]) => [k, Array.isArray(v) ? v : convertSchema(ref, v)]));
    } else out[key] = value;
  }
  if (is31) return out;

  // Boolean exclusiveMinimum/exclusiveMaximum (OpenAPI 3.0) -> numeric (draft-06+).
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] === 'boolean') {
      if (out[exclusive] && typeof out[bound] === 'number') {
        out[exclusive] = out[bound];
        delete out[bound];
      } else delete out[exclusive];
    }
  }

  // A schema that only declares properties (e.g. PlainObject) means an object: without `type` it
  // would also match strings and numbers, which makes `oneOf: [PlainObject, string]` ambiguous.
  if (out.type === undefined && out.$ref === undefined && (out.properties !== undefined || out.additionalProperties !== undefined)) out.type = 'object';

  if (schema.nullable === true) {
    if (out.$ref !== undefined) {
      const { $ref, ...rest } = out;
      return { ...rest, anyOf: [{ $ref }, { type: 'null' }] };
    }
    if (out.type !== undefined) {
      const types: string[] = Array.isArray(out.type) ? out.type : [out.type];
      if (!types.includes('null')) out.type = [...types, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/**
 * A page_edited change's `attributes` are a oneOf of the document, group and link attributes, none of
 * which closes its properties: every object matches all three, so the oneOf fails for any answer.
 * Read as the anyOf it means (Quire's own document declares the same, tools/openapi spec-deviations.ts).
 */
function readUnsatisfiableOneOfs(schemas: Record<string, Json>): void {
  const attributes = schemas.RevisionSemanticChangePageEdited?.properties?.attributes;
  if (attributes?.oneOf) {
    attributes.anyOf = attributes.oneOf;
    delete attributes.oneOf;
  }
}

// ---------------------------------------------------------------------------------------------
// Reference selection

function isCustomFieldName(name: string): boolean {
  return /custom-?fields?/i.test(name);
}

function referenceForSchema(name: string, opts?: ReferenceOptions): Reference {
  if (opts?.reference) return load(opts.reference);
  const main = load(MAIN_REFERENCE);
  if (main.document.components?.schemas?.[name] === undefined && isCustomFieldName(name)) {
    return load(CUSTOM_FIELDS_REFERENCE);
  }
  return main;
}

function referenceForOperation(operationId: string, opts?: ReferenceOptions): Reference {
  if (opts?.reference) return load(opts.reference);
  const main = load(MAIN_REFERENCE);
  if (!main.operations.has(operationId) && isCustomFieldName(operationId)) return load(CUSTOM_FIELDS_REFERENCE);
  return main;
}

// ---------------------------------------------------------------------------------------------
// Error formatting

function formatErrors(label: string, errors: ErrorObject[] | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const error of errors ?? []) {
    const where = `${label}${error.instancePath || ''}`;
    let message = error.message ?? 'is invalid';
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        message = `missing required property "${String(params.missingProperty)}"`;
        break;
      case 'enum':
        message = `must be one of ${JSON.stringify(params.allowedValues)}`;
        break;
      case 'const':
        message = `must be ${JSON.stringify(params.allowedValue)}`;
        break;
      case 'additionalProperties':
        message = `has unexpected property "${String(params.additionalProperty)}"`;
        break;
      case 'type':
        message = `must be of type ${Array.isArray(params.type) ? params.type.join(' | ') : String(params.type)}`;
        break;
      case 'oneOf':
        message =
          params.passingSchemas != null
            ? `must match exactly one schema in oneOf (matched ${JSON.stringify(params.passingSchemas)})`
            : 'must match exactly one schema in oneOf (matched none; see the branch errors)';
        break;
      default:
        break;
    }
    const line = `${where}: ${message}`;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push(line);
  }
  return out;
}

function excerpt(value: unknown, max = 1500): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

// ---------------------------------------------------------------------------------------------
// Schemas

/** Names of all `#/components/schemas` of a reference (default 0.143.2). */
export function schemaNames(opts?: ReferenceOptions): string[] {
  const ref = load(opts?.reference ?? MAIN_REFERENCE);
  return Object.keys(ref.document.components?.schemas ?? {});
}

/** The raw (unconverted) schema object from the reference document, or undefined. */
export function referenceSchema(name: string, opts?: ReferenceOptions): Json | undefined {
  return referenceForSchema(name, opts).document.components?.schemas?.[name];
}

function schemaValidator(ref: Reference, name: string): ValidateFunction {
  const key = `schema:${name}`;
  let validate = ref.validators.get(key);
  if (!validate) {
    const pointer = `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    validate = ref.ajv.compile({ $ref: `${ref.baseId}${pointer}` });
    ref.validators.set(key, validate);
  }
  return validate;
}

/** Validates `value` against `#/components/schemas/<name>`; returns human-readable errors (empty = valid). */
export function validateSchema(name: string, value: unknown, opts?: ReferenceOptions): string[] {
  const ref = referenceForSchema(name, opts);
  if (ref.document.components?.schemas?.[name] === undefined) {
    return [`unknown schema "${name}" in reference ${ref.version}`];
  }
  const validate = schemaValidator(ref, name);
  return validate(value) ? [] : formatErrors(name, validate.errors);
}

/** Throws (for use in jest tests) when `value` does not match `#/components/schemas/<name>`. */
export function expectSchema(name: string, value: unknown, opts?: ReferenceOptions): void {
  const errors = validateSchema(name, value, opts);
  if (errors.length > 0) {
    const ref = referenceForSchema(name, opts);
    throw new Error(
      `value does not match schema ${name} of the GitBook API reference ${ref.version}:\n` +
        `${errors.map((e) => `  - ${e}`).join('\n')}\nvalue:\n${excerpt(value)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Operations

export interface OperationMatch {
  operationId: string;
  method: string;
  pathTemplate: string;
  params: Record<string, string>;
  reference: ReferenceVersion;
}

function matchIn(ref: Reference, method: string, requestPath: string): OperationMatch | undefined {
  const upper = method.toUpperCase();
  let p = requestPath.replace(/[?#].*$/, '');
  try {
    if (/^[a-z]+:\/\//i.test(p)) p = new URL(p).pathname;
  } catch {
    /* keep as is */
  }
  if (ref.basePath && (p === ref.basePath || p.startsWith(`${ref.basePath}/`))) p = p.slice(ref.basePath.length);
  if (p === '') p = '/';
  if (p.length > 1) p = p.replace(/\/+$/, '');
  let best: { entry: OperationEntry; m: RegExpExecArray } | undefined;
  for (const entry of ref.operationList) {
    if (entry.method !== upper) continue;
    const m = entry.regex.exec(p);
    if (!m) continue;
    if (
      !best ||
      entry.literalChars > best.entry.literalChars ||
      (entry.literalChars === best.entry.literalChars && entry.paramNames.length < best.entry.paramNames.length)
    ) {
      best = { entry, m };
    }
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.entry.paramNames.forEach((name, i) => {
    const raw = best!.m[i + 1];
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
    }
  });
  return {
    operationId: best.entry.operationId,
    method: best.entry.method,
    pathTemplate: best.entry.pathTemplate,
    params,
    reference: ref.version,
  };
}

/**
 * Matches a concrete request (e.g. `GET /v1/orgs/abc/members?limit=2`) against the reference's
 * path templates. The server prefix (`/v1`) is optional. Literal segments win over parameters.
 */
export function matchOperation(method: string, requestPath: string, opts?: ReferenceOptions): OperationMatch | undefined {
  if (opts?.reference) return matchIn(load(opts.reference), method, requestPath);
  const main = matchIn(load(MAIN_REFERENCE), method, requestPath);
  if (main && isCustomFieldName(main.pathTemplate)) return main;
  if (isCustomFieldName(requestPath)) {
    // Custom fields only exist in the 0.91.0 reference.
    const legacy = matchIn(load(CUSTOM_FIELDS_REFERENCE), method, requestPath);
    if (legacy && isCustomFieldName(legacy.pathTemplate)) return legacy;
  }
  return main;
}

/** operationId for a concrete request path, or undefined if the reference has no such operation. */
export function findOperation(method: string, requestPath: string, opts?: ReferenceOptions): string | undefined {
  return matchOperation(method, requestPath, opts)?.operationId;
}

/** All operationIds of a reference (default 0.143.2). */
export function operationIds(opts?: ReferenceOptions): string[] {
  return [...load(opts?.reference ?? MAIN_REFERENCE).operations.keys()];
}

/** Response status keys the reference declares for an operation ("200", "404", "default", …). */
export function declaredStatuses(operationId: string, opts?: ReferenceOptions): string[] {
  const entry = referenceForOperation(operationId, opts).operations.get(operationId);
  return Object.keys(entry?.operation.responses ?? {});
}

function resolveResponse(ref: Reference, response: Json): Json {
  let current = response;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth++) {
    const target: string = current.$ref;
    const m = /^#\/components\/responses\/(.+)$/.exec(target);
    if (!m) throw new Error(`reference ${ref.version}: unsupported response $ref ${target}`);
    current = ref.document.components?.responses?.[m[1]];
  }
  return current;
}

function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  if (typeof Buffer !== 'undefined' && Buffer.isBuffer(body)) return body.length === 0;
  return false;
}

/**
 * Validates a response body of `operationId` with HTTP `status` against the reference:
 * `responses[status]` (else `responses['4XX']`-style ranges, else `default`), JSON body schema.
 * Without a declared JSON body the body must be empty (undefined, null, '' or an empty Buffer).
 */
export function validateOperationResponse(operationId: string, status: number, body: unknown, opts?: ReferenceOptions): string[] {
  const ref = referenceForOperation(operationId, opts);
  const entry = ref.operations.get(operationId);
  if (!entry) return [`unknown operationId "${operationId}" in reference ${ref.version}`];
  const responses: Record<string, Json> = entry.operation.responses ?? {};
  const statusKey = [String(status), `${String(status).charAt(0)}XX`, `${String(status).charAt(0)}xx`, 'default'].find((k) => responses[k] !== undefined);
  const label = `${operationId} ${status}`;
  if (!statusKey) {
    return [
      `${label}: status ${status} is not declared by ${entry.method} ${entry.pathTemplate} in reference ${ref.version} ` +
        `(declared: ${Object.keys(responses).join(', ') || 'none'})`,
    ];
  }
  const response = resolveResponse(ref, responses[statusKey]);
  const content: Record<string, Json> = response?.content ?? {};
  const jsonType = Object.keys(content).find((t) => t === 'application/json') ?? Object.keys(content).find((t) => /[/+]json\b/.test(t));
  if (!jsonType) {
    if (isEmptyBody(body)) return [];
    const declared = Object.keys(content);
    if (declared.length > 0 && typeof body === 'string') return []; // e.g. text/event-stream: not validated
    return [
      `${label}: the reference declares no JSON body for this response` +
        `${declared.length ? ` (only ${declared.join(', ')})` : ''}, but a body was returned: ${excerpt(body, 200)}`,
    ];
  }
  const schema = content[jsonType]?.schema;
  if (schema === undefined) return [];
  if (body === undefined) return [`${label}: the reference declares a JSON body (${jsonType}) but the body is empty`];
  const key = `response:${operationId}:${statusKey}`;
  let validate = ref.validators.get(key);
  if (!validate) {
    validate = ref.ajv.compile(convertSchema(ref, schema));
    ref.validators.set(key, validate);
  }
  return validate(body) ? [] : formatErrors(`${operationId}[${statusKey}]`, validate.errors);
}

/** Throws (for use in jest tests) when the response does not match the reference. */
export function expectOperationResponse(operationId: string, status: number, body: unknown, opts?: ReferenceOptions): void {
  const errors = validateOperationResponse(operationId, status, body, opts);
  if (errors.length > 0) {
    const ref = referenceForOperation(operationId, opts);
    throw new Error(
      `response ${status} of ${operationId} does not match the GitBook API reference ${ref.version}:\n` +
        `${errors.map((e) => `  - ${e}`).join('\n')}\nbody:\n${excerpt(body)}`,
    );
  }
}
