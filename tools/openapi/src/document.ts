import { bodySchemaOf } from '@quire/platform/http';
import { ComponentCopier } from './component-copier';
import type { DocumentRoute } from './document-route';
import { ERROR_SCHEMA, errorResponseComponents, errorStatusesOf } from './error-responses';
import { EXTENSION_OPERATIONS, GATEWAY_OPERATIONS, type ExtensionOperation } from './extension-operations';
import { addCreateLinks } from './links';
import { findReferenceOperation, type ReferenceDocument } from './reference-operations';
import { inputSchemaOf } from './schema-conversion';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

const EXTENSION = 'x-quire-extension';
/** Every operation's scheme unless it says otherwise: a bearer token. */
const DOCUMENT_SECURITY: Array<Record<string, string[]>> = [{ bearerToken: [] }];

/**
 * Quire's own OpenAPI 3.1 document, built from what the services serve: each route's parameters
 * and body come from the zod schemas of its input layer; the success answers of the operations
 * GitBook's API has come from the reference (the contract Quire answers to, validated by the e2e
 * suite); Quire's own operations declare theirs in extension-operations.ts and carry
 * `x-quire-extension: true`; every operation lists the error statuses it can answer.
 */

export function buildOpenApiDocument(routes: DocumentRoute[], references: ReferenceDocument[], version: string): Json {
  const copier = new ComponentCopier(references);
  const paths: Record<string, Record<string, Json>> = {};
  const operationIds = new Set<string>();
  const missing: string[] = [];
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const path = route.path.replace(/^\/v1(?=\/)/, '');
    const reference = findReferenceOperation(references, route.method, route.path);
    const extension = EXTENSION_OPERATIONS[`${route.method} ${route.path}`];
    let operation: Json;
    if (reference) {
      operation = {
        operationId: reference.operationId,
        summary: reference.summary,
        tags: reference.tags,
        responses: Object.fromEntries(Object.entries(reference.responses).map(([status, answer]) => [status, copier.copy(answer, reference.source)])),
      };
    } else if (extension) {
      operation = extensionOperation(extension, copier, references[0]);
    } else {
      missing.push(`${route.method} ${route.path}`);
      continue;
    }
    if (operationIds.has(operation.operationId)) throw new Error(`operationId ${operation.operationId} is used twice`);
    operationIds.add(operation.operationId);
    Object.assign(operation, inputOf(route), { 'x-quire-service': route.service });
    for (const status of errorStatusesOf(route)) operation.responses[status] = { $ref: `#/components/responses/Error${status}` };
    if (route.access === 'signed-url') operation.security = [];
    // A token is optional: `{}` (none) or the document's own schemes.
    if (route.access === 'optional-token') operation.security = [{}, ...DOCUMENT_SECURITY];
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  addCreateLinks(paths);
  if (missing.length) throw new Error(`routes with neither a reference operation nor an entry in extension-operations.ts:\n  ${missing.join('\n  ')}`);
  for (const [path, methods] of Object.entries(GATEWAY_OPERATIONS)) paths[path] = { ...methods, servers: [{ url: '/' }] };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire API',
      version,
      description:
        'Quire is a self-hostable docs platform, wire-compatible with the GitBook API v1: the official `@gitbook/api` client works against it unchanged. ' +
        `Operations GitBook's API does not have are marked \`${EXTENSION}: true\`. Every error answers \`{"error":{"code":<status>,"message":"..."}}\`.`,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/v1' }],
    security: DOCUMENT_SECURITY,
    paths,
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'An API token (`quire token create`, or the one printed at first start)' },
      },
      schemas: { Error: ERROR_SCHEMA, ...sortedByName(copier.components.schemas) },
      responses: { ...errorResponseComponents(), ...sortedByName(copier.components.responses) },
      ...(Object.keys(copier.components.parameters).length ? { parameters: sortedByName(copier.components.parameters) } : {}),
      ...(Object.keys(copier.components.headers).length ? { headers: sortedByName(copier.components.headers) } : {}),
    },
  };
}

function extensionOperation(extension: ExtensionOperation, copier: ComponentCopier, contract: ReferenceDocument): Json {
  const schema = extension.schema && copier.copy(extension.schema, contract);
  const content = schema ? { content: Object.fromEntries((extension.contentTypes ?? ['application/json']).map((type) => [type, { schema }])) } : {};
  return {
    operationId: extension.operationId,
    summary: extension.summary,
    tags: extension.tags,
    [EXTENSION]: true,
    responses: { [extension.status]: { description: extension.description, ...content } },
  };
}

/**
 * Path and query parameters and the JSON body, from the route's zod schemas only: the schemas that
 * validate a request are the one source of what the document says it takes (a parameter declared
 * anywhere else could be declared twice, which OpenAPI forbids).
 */
function inputOf(route: DocumentRoute): Json {
  const parameters: Json[] = [];
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const pathSchema = route.schemas.params ? inputSchemaOf(route.schemas.params) : { properties: {} };
  for (const name of pathNames) parameters.push({ name, in: 'path', required: true, schema: pathSchema.properties?.[name] ?? { type: 'string' } });
  if (route.schemas.query) {
    const query = inputSchemaOf(route.schemas.query);
    for (const [name, { description, ...schema }] of Object.entries<Json>(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: (query.required ?? []).includes(name), ...(description ? { description } : {}), schema });
    }
  }
  const input: Json = parameters.length ? { parameters } : {};
  const bodySchema = bodySchemaOf(route.schemas.body);
  if (bodySchema) {
    const body = inputSchemaOf(bodySchema);
    input.requestBody = { required: (body.required ?? []).length > 0, content: { 'application/json': { schema: body } } };
  }
  return input;
}

const sortedByName = (record: Record<string, Json>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
