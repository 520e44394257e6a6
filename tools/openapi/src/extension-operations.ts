/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
import { REFERENCE_ASSET_NAMES, REFERENCE_ASSETS_PATH, REFERENCE_PAGE_PATH } from '@quire/gateway';

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
}

const BYTES = { type: 'string', format: 'binary' };
const REVISION_ANSWER = {
  type: 'object',
  required: ['revision'],
  properties: { revision: { type: 'string', description: "The change request's new revision" } },
};

const NULLABLE_STRING = { type: ['string', 'null'] };
const NULLABLE_IDS = { type: ['array', 'null'], items: { type: 'string' } };
const NULLABLE_TIME = { type: ['string', 'null'], format: 'date-time' };
const NULLABLE_INT = { type: ['integer', 'null'] };
/** docs/webhooks.md, API. */
const WEBHOOK = {
  type: 'object',
  required: [
    'object',
    'id',
    'organization',
    'url',
    'events',
    'spaceIds',
    'siteIds',
    'description',
    'active',
    'disabledReason',
    'createdAt',
    'updatedAt',
    'urls',
  ],
  properties: {
    object: { type: 'string', enum: ['webhook'] },
    id: { type: 'string' },
    organization: { type: 'string', description: 'The organization id' },
    url: {
      type: 'string',
      format: 'uri',
      description: 'Where events are POSTed, without the credentials it was given with (kept sealed, sent as Basic authorization)',
    },
    events: { type: 'array', items: { type: 'string' }, description: 'Event types it receives, or ["*"]' },
    spaceIds: { ...NULLABLE_IDS, description: 'Only events about these spaces (null: all)' },
    siteIds: { ...NULLABLE_IDS, description: 'Only events about these sites (null: all)' },
    description: NULLABLE_STRING,
    active: { type: 'boolean' },
    disabledReason: { ...NULLABLE_STRING, description: 'Why delivery turned the webhook off (410 Gone, or every attempt of a delivery failed)' },
    disabledAt: NULLABLE_TIME,
    previousSecretExpiresAt: { ...NULLABLE_TIME, description: 'Until then, requests carry a second signature made with the secret a rotation replaced' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    urls: {
      type: 'object',
      required: ['location', 'deliveries'],
      properties: { location: { type: 'string', format: 'uri' }, deliveries: { type: 'string', format: 'uri' } },
    },
  },
};
const WEBHOOK_WITH_SECRET = {
  allOf: [
    WEBHOOK,
    {
      type: 'object',
      required: ['secret'],
      properties: { secret: { type: 'string', description: 'The signing secret (`whsec_…`), shown only in this answer' } },
    },
  ],
};
const DELIVERY = {
  type: 'object',
  required: ['object', 'id', 'webhook', 'eventId', 'eventType', 'state', 'attempts', 'lastStatusCode', 'lastError', 'createdAt', 'urls'],
  properties: {
    object: { type: 'string', enum: ['webhook-delivery'] },
    id: { type: 'string' },
    webhook: { type: 'string', description: 'The webhook id' },
    eventId: { type: 'string', description: 'The event id, sent as `webhook-id` (the same on every attempt)' },
    eventType: { type: 'string' },
    state: { type: 'string', enum: ['pending', 'delivering', 'succeeded', 'failed'] },
    attempts: { type: 'integer' },
    lastStatusCode: NULLABLE_INT,
    lastError: NULLABLE_STRING,
    lastDurationMs: NULLABLE_INT,
    lastAttemptAt: NULLABLE_TIME,
    nextAttemptAt: { ...NULLABLE_TIME, description: 'When a pending delivery is attempted next' },
    createdAt: { type: 'string', format: 'date-time' },
    urls: { type: 'object', required: ['location'], properties: { location: { type: 'string', format: 'uri' } } },
  },
};
const DELIVERY_DETAIL = {
  allOf: [
    DELIVERY,
    {
      type: 'object',
      required: ['request', 'response', 'attemptLog'],
      properties: {
        request: { type: 'object', required: ['body'], properties: { body: { type: 'string', description: 'The JSON body every attempt sends' } } },
        response: {
          type: ['object', 'null'],
          properties: { statusCode: NULLABLE_INT, body: { ...NULLABLE_STRING, description: "The first 4 KB of the last attempt's answer" } },
        },
        attemptLog: {
          type: 'array',
          items: {
            type: 'object',
            required: ['attempt', 'attemptedAt', 'statusCode', 'error', 'durationMs'],
            properties: {
              attempt: { type: 'integer' },
              attemptedAt: { type: 'string', format: 'date-time' },
              statusCode: NULLABLE_INT,
              error: NULLABLE_STRING,
              durationMs: { type: 'integer' },
            },
          },
        },
      },
    },
  ],
};
const listOf = (items: Json) => ({
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items },
    count: { type: 'integer' },
    next: { type: 'object', required: ['page'], properties: { page: { type: 'string' } } },
  },
});
/** GitBook's documented `scim-connection` object (its API reference, "SCIM"), with Quire's role settings (docs/identity.md). */
const SCIM_CONNECTION = {
  type: 'object',
  required: ['object', 'id', 'label', 'provider', 'baseURL', 'tokenHint', 'tokenCreatedAt', 'createdAt', 'updatedAt'],
  properties: {
    object: { type: 'string', enum: ['scim-connection'] },
    id: { type: 'string' },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    provider: { type: 'string', enum: ['okta', 'entra', 'generic'] },
    baseURL: { type: 'string', format: 'uri', description: 'SCIM base URL to configure in the identity provider' },
    tokenHint: { type: 'string', description: 'Last characters of the current token' },
    tokenCreatedAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: 'string', format: 'date-time', description: 'Last request authenticated with the token' },
    defaultRole: { type: 'string', description: "Quire: the organization role of the people it provisions (default 'read')" },
    groupRoles: { type: 'object', additionalProperties: { type: 'string' }, description: 'Quire: group display name → the organization role its members get' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    urls: { type: 'object', required: ['location'], properties: { location: { type: 'string', format: 'uri' } } },
  },
};
const SCIM_CONNECTION_WITH_TOKEN = {
  type: 'object',
  required: ['connection', 'token'],
  properties: {
    connection: SCIM_CONNECTION,
    token: { type: 'string', description: "Bearer token to configure in the identity provider; it can't be retrieved again" },
  },
};
const SCIM_CONNECTIONS = '/v1/orgs/{organizationId}/scim/connections';
const scimOperation = (operationId: string, summary: string, status: number, description: string, schema?: Json): ExtensionOperation => ({
  operationId,
  summary,
  tags: ['scim'],
  status,
  description: `${description} (docs/identity.md, SCIM provisioning)`,
  ...(schema ? { schema } : {}),
});

const WEBHOOKS = '/v1/orgs/{organizationId}/webhooks';
const WEBHOOK_PATH = `${WEBHOOKS}/{webhookId}`;
const webhookOperation = (operationId: string, summary: string, status: number, description: string, schema?: Json): ExtensionOperation => ({
  operationId,
  summary,
  tags: ['webhooks'],
  status,
  description: `${description} (docs/webhooks.md)`,
  ...(schema ? { schema } : {}),
});

/** docs/sites.md, Reader sign-in with OpenID Connect: never the client secret. */
const SITE_OIDC = {
  type: 'object',
  required: ['object', 'issuer', 'clientId', 'scopes', 'claims', 'endpoints', 'updatedAt'],
  properties: {
    object: { type: 'string', enum: ['publishing-auth-oidc'] },
    issuer: { type: 'string', format: 'uri' },
    clientId: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string' }, description: 'Asked at sign-in; `openid` first' },
    claims: { type: 'array', items: { type: 'string' }, description: 'ID-token claims kept as visitor claims (empty: all but the protocol claims)' },
    endpoints: {
      type: 'object',
      required: ['authorization', 'token', 'jwks'],
      properties: { authorization: { type: 'string', format: 'uri' }, token: { type: 'string', format: 'uri' }, jwks: { type: 'string', format: 'uri' } },
      description: "The provider's endpoints, from its discovery document when the configuration was saved",
    },
    redirectURI: { type: 'string', format: 'uri', description: 'The callback to register with the provider (absent while the site is unpublished)' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};
const SITE_OIDC_PATH = '/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/oidc';
const siteOidcOperation = (operationId: string, summary: string, status: number, description: string, schema?: Json): ExtensionOperation => ({
  operationId,
  summary,
  tags: ['sites'],
  status,
  description: `${description} (docs/sites.md, Reader sign-in with OpenID Connect)`,
  ...(schema ? { schema } : {}),
});

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
  },
  'GET /v1/pdf-exports/{spaceId}/{revisionId}/{scope}': {
    operationId: 'downloadPdfExport',
    summary: 'A change request rendered as PDF, through the signed link its PDF operation answers',
    tags: ['change-requests'],
    status: 200,
    description: 'The PDF',
    schema: BYTES,
    contentTypes: ['application/pdf'],
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
  },
  [`GET ${SCIM_CONNECTIONS}`]: scimOperation(
    'listSCIMConnections',
    "An organization's SCIM connections (admins only)",
    200,
    'The connections',
    listOf(SCIM_CONNECTION),
  ),
  [`POST ${SCIM_CONNECTIONS}`]: scimOperation(
    'createSCIMConnection',
    'Create a SCIM connection',
    201,
    'The connection and its token (shown this once)',
    SCIM_CONNECTION_WITH_TOKEN,
  ),
  [`GET ${SCIM_CONNECTIONS}/{scimConnectionId}`]: scimOperation('getSCIMConnection', 'A SCIM connection', 200, 'The connection', SCIM_CONNECTION),
  [`DELETE ${SCIM_CONNECTIONS}/{scimConnectionId}`]: scimOperation('deleteSCIMConnection', 'Delete a SCIM connection; its token stops working', 204, 'Deleted'),
  [`POST ${SCIM_CONNECTIONS}/{scimConnectionId}/rotate-token`]: scimOperation(
    'rotateSCIMConnectionToken',
    'Replace the token of a SCIM connection; the previous one stops working at once',
    200,
    'The connection and its new token (shown this once)',
    SCIM_CONNECTION_WITH_TOKEN,
  ),
  [`GET ${WEBHOOKS}`]: webhookOperation('listWebhooks', "An organization's webhooks (admins only)", 200, 'The webhooks', listOf(WEBHOOK)),
  [`POST ${WEBHOOKS}`]: webhookOperation(
    'createWebhook',
    'Create a webhook',
    201,
    'The webhook, with its signing secret (shown this once)',
    WEBHOOK_WITH_SECRET,
  ),
  [`GET ${WEBHOOK_PATH}`]: webhookOperation('getWebhook', 'A webhook', 200, 'The webhook', WEBHOOK),
  [`PATCH ${WEBHOOK_PATH}`]: webhookOperation('updateWebhook', 'Change a webhook (`active: true` turns a disabled one on again)', 200, 'The webhook', WEBHOOK),
  [`DELETE ${WEBHOOK_PATH}`]: webhookOperation('deleteWebhook', 'Delete a webhook and its delivery log', 204, 'Deleted'),
  [`POST ${WEBHOOK_PATH}/rotate-secret`]: webhookOperation(
    'rotateWebhookSecret',
    'A new signing secret; the old one keeps signing (a second signature) for 24 hours',
    200,
    'The webhook, with its new signing secret (shown this once)',
    WEBHOOK_WITH_SECRET,
  ),
  [`POST ${WEBHOOK_PATH}/ping`]: webhookOperation('pingWebhook', 'Send a `ping` event to the webhook', 202, 'The scheduled delivery', DELIVERY),
  [`GET ${WEBHOOK_PATH}/deliveries`]: webhookOperation(
    'listWebhookDeliveries',
    "A webhook's deliveries, newest first",
    200,
    'The deliveries',
    listOf(DELIVERY),
  ),
  [`GET ${WEBHOOK_PATH}/deliveries/{deliveryId}`]: webhookOperation(
    'getWebhookDelivery',
    'A delivery: the body sent, the start of the last answer, every attempt',
    200,
    'The delivery',
    DELIVERY_DETAIL,
  ),
  [`POST ${WEBHOOK_PATH}/deliveries/{deliveryId}/redeliver`]: webhookOperation(
    'redeliverWebhookDelivery',
    'Send a delivery again (same event id), with a fresh retry schedule',
    202,
    'The rescheduled delivery',
    DELIVERY,
  ),
  [`GET ${SITE_OIDC_PATH}`]: siteOidcOperation(
    'getSitePublishingAuthOidc',
    "A visitor-auth site's OpenID Connect sign-in (admins only)",
    200,
    'The configuration',
    SITE_OIDC,
  ),
  [`PUT ${SITE_OIDC_PATH}`]: siteOidcOperation(
    'putSitePublishingAuthOidc',
    "Set a visitor-auth site's OpenID provider: readers sign in with it (admins only)",
    200,
    "The configuration, read from the provider's discovery document",
    SITE_OIDC,
  ),
  [`DELETE ${SITE_OIDC_PATH}`]: siteOidcOperation('deleteSitePublishingAuthOidc', "Remove a site's OpenID Connect sign-in", 204, 'Removed'),
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
