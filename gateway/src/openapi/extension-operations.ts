/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
import { REFERENCE_ASSET_NAMES, REFERENCE_ASSETS_PATH, REFERENCE_PAGE_PATH } from './reference-page';

type Json = any;

/** An operation GitBook's API does not have: what it answers on success. */
export interface ExtensionOperation {
  operationId: string;
  summary: string;
  tags: string[];
  status: number;
  description: string;
  /** The success body's schema, in the contract reference's dialect (`$ref`s to its components). */
  schema?: Json;
  /** The media types of the success body, each with `schema` (default `application/json`). */
  contentTypes?: string[];
  /** Parameters the route reads outside its input schemas (a signed URL's own query). */
  parameters?: Json[];
}

const SIGNED_URL_QUERY: Json[] = [
  { name: 'expires', in: 'query', required: true, description: 'When the link expires (Unix seconds), as signed', schema: { type: 'string' } },
  { name: 'signature', in: 'query', required: true, description: 'The signature of the path and expiry', schema: { type: 'string' } },
];
const BYTES = { type: 'string', format: 'binary' };
const REVISION_ANSWER = {
  type: 'object',
  required: ['revision'],
  properties: { revision: { type: 'string', description: "The change request's new revision" } },
};

/** Quire's own operations, by `METHOD /v1/path` (docs/*.md describe each). */
export const EXTENSION_OPERATIONS: Record<string, ExtensionOperation> = {
  'DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}': {
    operationId: 'deleteChangeRequestPage',
    summary: 'Delete a page (and its subpages) in a change request',
    tags: ['change-requests'],
    status: 200,
    description: "The page is gone from the change request's new revision (docs/change-requests.md)",
    schema: REVISION_ANSWER,
  },
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/move': {
    operationId: 'moveChangeRequestPage',
    summary: 'Move a page in a change request (under another parent, before or after a sibling)',
    tags: ['change-requests'],
    status: 200,
    description: "The page moved in the change request's new revision (docs/change-requests.md)",
    schema: REVISION_ANSWER,
  },
  'GET /v1/file-downloads/{revisionId}/{fileId}': {
    operationId: 'downloadFile',
    summary: "A file's bytes, through the signed link of a file's `downloadURL`",
    tags: ['spaces'],
    status: 200,
    description: "The file's bytes, with its content type",
    schema: BYTES,
    contentTypes: ['*/*'],
    parameters: SIGNED_URL_QUERY,
  },
  'GET /v1/pdf-exports/{spaceId}/{revisionId}/{scope}': {
    operationId: 'downloadPdfExport',
    summary: 'A change request rendered as PDF, through the signed link its PDF operation answers',
    tags: ['change-requests'],
    status: 200,
    description: 'The PDF',
    schema: BYTES,
    contentTypes: ['application/pdf'],
    parameters: SIGNED_URL_QUERY,
  },
  'GET /v1/spaces/{spaceId}/git/operations/{operationId}': {
    operationId: 'getSpaceGitSyncOperation',
    summary: 'A Git Sync import or export of the space and its progress (`latest`: the newest)',
    tags: ['spaces'],
    status: 200,
    description:
      "The reference's GitSyncOperation with the operation's id, remote (credentials redacted), ref, and the revision and commit it ended with (docs/content.md, Git Sync)",
    schema: {
      allOf: [
        { $ref: '#/components/schemas/GitSyncOperation' },
        {
          type: 'object',
          required: ['id', 'remote', 'ref'],
          properties: {
            id: { type: 'string', description: 'The operation' },
            remote: { type: 'string', description: 'The repository URL, without credentials' },
            ref: { type: 'string', description: 'The Git ref, e.g. refs/heads/main' },
            revisionId: { type: 'string', description: 'Import: the revision it made; export: the revision it pushed' },
            commitId: { type: 'string', description: 'The commit imported or pushed' },
          },
        },
      ],
    },
  },
  'GET /v1/openapi-documents/{versionId}': {
    operationId: 'downloadOpenAPISpecDocument',
    summary: "An OpenAPI specification version's document, through its signed link",
    tags: ['openapi'],
    status: 200,
    description: 'The document as it was uploaded, JSON or YAML (its media type says which)',
    schema: { type: 'object', description: 'An OpenAPI document' },
    contentTypes: ['application/json', 'application/yaml'],
    parameters: SIGNED_URL_QUERY,
  },
};

/** The gateway's own endpoints, outside `/v1` and without a token. */
export const GATEWAY_OPERATIONS: Record<string, Record<string, Json>> = {
  '/healthz': gatewayGet('getHealth', 'Liveness: the gateway process answers', 'application/json', {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string' } },
  }),
  '/readyz': gatewayGet('getReadiness', 'Readiness: the gateway and what it needs answer (503 otherwise)', 'application/json', { type: 'object' }, [503]),
  '/metrics': gatewayGet('getMetrics', 'Prometheus metrics of the gateway', 'text/plain', { type: 'string' }),
  '/openapi.json': gatewayGet('getOpenAPIDocument', 'This document', 'application/json', { type: 'object' }),
  [REFERENCE_PAGE_PATH]: gatewayGet(
    'getAPIReferencePage',
    'This document as a reference page to read and try (HTML, Swagger UI)',
    'text/html',
    { type: 'string' },
    [404],
  ),
  [`${REFERENCE_ASSETS_PATH}/{name}`]: gatewayGet(
    'getAPIReferencePageAsset',
    'A script or style sheet of the reference page, served by the gateway',
    '*/*',
    { type: 'string' },
    [404, 503],
    [{ name: 'name', in: 'path', required: true, schema: { type: 'string', enum: REFERENCE_ASSET_NAMES } }],
  ),
};

function gatewayGet(
  operationId: string,
  summary: string,
  contentType: string,
  schema: Json,
  errors: number[] = [],
  parameters: Json[] = [],
): Record<string, Json> {
  const responses: Json = { 200: { description: summary, content: { [contentType]: { schema } } } };
  for (const status of errors) responses[status] = { $ref: `#/components/responses/Error${status}` };
  const operation: Json = { operationId, summary, tags: ['gateway'], 'x-quire-extension': true, security: [], responses };
  if (parameters.length) operation.parameters = parameters;
  return { get: operation };
}
