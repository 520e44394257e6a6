import type { ServiceName } from '@quire/platform/topology';
import { isApiHost } from '@quire/urls';

// Every /v1 route of the spec and its companions, with the service that answers it.
// The gateway routes by this table (unknown → 404, known path with another method → 405).

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  service: ServiceName;
  /**
   * `signed-url`: no bearer token; the URL's own signature (http/signed-url.ts) is the credential.
   * `optional-token`: a bearer token if sent, else an anonymous visitor: the URL asked about is the
   * credential (a published site's audience, its share key, its visitor JWT), which the service checks.
   */
  access?: 'signed-url' | 'optional-token';
}

type Spec = [string, string, ServiceName];

const ORG = '/orgs/{organizationId}';
const SITE = `${ORG}/sites/{siteId}`;
const CR = '/spaces/{spaceId}/change-requests/{changeRequestId}';
const COMMENTS = `${CR}/comments`;
const SPACE_COMMENTS = '/spaces/{spaceId}/comments';

const content = (suffix: string) => [`${CR}/content${suffix}`, `/spaces/{spaceId}/content${suffix}`];

const SPECS_TABLE: Spec[] = [
  // identity
  ['GET', '/user', 'identity'],
  ['GET PATCH', '/users/{userId}', 'identity'],
  ['GET POST', '/orgs', 'identity'],
  ['GET PATCH', ORG, 'identity'],
  ['POST', `${ORG}/join`, 'identity'],
  ['POST', `${ORG}/ping`, 'identity'],
  ['GET', `${ORG}/members`, 'identity'],
  ['GET PATCH DELETE', `${ORG}/members/{userId}`, 'identity'],
  ['GET', `${ORG}/members/{userId}/teams`, 'identity'],
  ['GET', `${ORG}/members/{userId}/spaces`, 'content'],
  ['POST', `${ORG}/invites`, 'identity'],
  ['POST', `${ORG}/invites/{inviteId}`, 'identity'],
  ['GET POST', `${ORG}/link-invites`, 'identity'],
  ['GET PATCH DELETE', `${ORG}/link-invites/{inviteId}`, 'identity'],
  ['GET PUT', `${ORG}/teams`, 'identity'],
  ['GET PATCH DELETE', `${ORG}/teams/{teamId}`, 'identity'],
  ['GET PUT', `${ORG}/teams/{teamId}/members`, 'identity'],
  ['PUT DELETE', `${ORG}/teams/{teamId}/members/{userId}`, 'identity'],
  ['GET POST', `${ORG}/saml`, 'identity'],
  ['GET PATCH DELETE', `${ORG}/saml/{samlProviderId}`, 'identity'],
  ['GET', `${ORG}/sso`, 'identity'],
  ['GET POST', `${ORG}/scim/connections`, 'identity'],
  ['GET DELETE', `${ORG}/scim/connections/{scimConnectionId}`, 'identity'],
  ['POST', `${ORG}/scim/connections/{scimConnectionId}/rotate-token`, 'identity'],
  ['GET', '/email-domains/{emailDomain}/orgs', 'identity'],
  // content
  ['GET POST', `${ORG}/collections`, 'content'],
  ['GET PATCH DELETE', '/collections/{collectionId}', 'content'],
  ['GET', '/collections/{collectionId}/spaces', 'content'],
  ['POST', '/collections/{collectionId}/move', 'content'],
  ['POST', '/collections/{collectionId}/transfer', 'content'],
  ...['/collections/{collectionId}', '/spaces/{spaceId}'].flatMap((resource): Spec[] => [
    ['POST', `${resource}/permissions`, 'content'],
    ['GET', `${resource}/permissions/users`, 'content'],
    ['PATCH DELETE', `${resource}/permissions/users/{userId}`, 'content'],
    ['GET', `${resource}/permissions/teams`, 'content'],
    ['PATCH DELETE', `${resource}/permissions/teams/{teamId}`, 'content'],
    ['GET', `${resource}/permissions/aggregate`, 'content'],
  ]),
  ['GET POST', `${ORG}/spaces`, 'content'],
  ['GET PATCH DELETE', '/spaces/{spaceId}', 'content'],
  ['POST', '/spaces/{spaceId}/duplicate', 'content'],
  ['POST', '/spaces/{spaceId}/restore', 'content'],
  ['POST', '/spaces/{spaceId}/move', 'content'],
  ['POST', '/spaces/{spaceId}/transfer', 'content'],
  ['GET PATCH', '/spaces/{spaceId}/custom-fields', 'content'],
  ['GET POST', `${ORG}/custom-fields`, 'content'],
  ['GET PATCH DELETE', `${ORG}/custom-fields/{fieldName}`, 'content'],
  ['GET', '/spaces/{spaceId}/links', 'content'],
  ['GET', '/spaces/{spaceId}/search', 'content'],
  ['GET', `${ORG}/search`, 'content'],
  ['GET POST', '/spaces/{spaceId}/change-requests', 'content'],
  ['GET', `${ORG}/change-requests`, 'content'],
  ['GET PATCH', CR, 'content'],
  ['POST', `${CR}/merge`, 'content'],
  ['POST', `${CR}/update`, 'content'],
  ['GET', `${CR}/pdf`, 'content'],
  // reviews (docs/change-requests.md, Reviews)
  ['GET POST', `${CR}/requested-reviewers`, 'content'],
  ['DELETE', `${CR}/requested-reviewers/{userId}`, 'content'],
  ['GET POST', `${CR}/reviews`, 'content'],
  ['GET', `${CR}/reviews/{reviewId}`, 'content'],
  ['GET', `${CR}/changes`, 'content'],
  ['GET', `${CR}/contributors`, 'content'],
  ['GET', `${CR}/conversations`, 'content'],
  ['PATCH DELETE', `${CR}/conversations/{conversationId}`, 'content'],
  ['GET', '/spaces/{spaceId}/revisions/{revisionId}/changes', 'content'],
  ['GET POST', COMMENTS, 'content'],
  ['GET PUT DELETE', `${COMMENTS}/{commentId}`, 'content'],
  ['GET POST', `${COMMENTS}/{commentId}/replies`, 'content'],
  ['GET PUT DELETE', `${COMMENTS}/{commentId}/replies/{commentReplyId}`, 'content'],
  // comments on a space's live content (same rules as a change request's)
  ['GET POST', SPACE_COMMENTS, 'content'],
  ['GET PUT DELETE', `${SPACE_COMMENTS}/{commentId}`, 'content'],
  ['GET POST', `${SPACE_COMMENTS}/{commentId}/replies`, 'content'],
  ['GET PUT DELETE', `${SPACE_COMMENTS}/{commentId}/replies/{commentReplyId}`, 'content'],
  ['GET', '/spaces/{spaceId}/commenters', 'content'],
  ['GET', `${CR}/commenters`, 'content'],
  // space content, and the same under a change request
  ...['', '/pages', '/files', '/files/{fileId}', '/page/{pageId}'].map((suffix): Spec => ['GET', `/spaces/{spaceId}/content${suffix}`, 'content']),
  ['POST', '/spaces/{spaceId}/content/import', 'content'],
  ['POST', '/spaces/{spaceId}/content/page/{pageId}/import', 'content'],
  ...['', '/pages', '/files', '/files/{fileId}', '/page/{pageId}'].map((suffix): Spec => [
    'GET',
    `/spaces/{spaceId}/revisions/{revisionId}${suffix}`,
    'content',
  ]),
  ...['', '/pages', '/files', '/files/{fileId}', '/page/{pageId}'].map((suffix): Spec => ['GET', `${CR}/content${suffix}`, 'content']),
  ['POST', `${CR}/content`, 'content'], // batch content edits (reference 0.202.0)
  // reads a renderer needs (reference 0.202.0): a page by its (percent-encoded) path, its meta links, its document
  ...['/path/{pagePath}', '/page/{pageId}/meta-links'].flatMap((suffix) =>
    [...content(suffix), `/spaces/{spaceId}/revisions/{revisionId}${suffix}`].map((path): Spec => ['GET', path, 'content']),
  ),
  ['GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', 'content'],
  ['POST', '/spaces/{spaceId}/git/import', 'content'],
  ['POST', '/spaces/{spaceId}/git/export', 'content'],
  ['GET', '/spaces/{spaceId}/git/info', 'content'],
  ['GET', '/spaces/{spaceId}/git/operations/{operationId}', 'content'], // Quire's: an operation's progress (`latest` for the newest)
  ['POST', `${CR}/content/import`, 'content'],
  ['POST', `${CR}/content/page/{pageId}/import`, 'content'],
  // Quire companions: page edits inside a change request (docs/change-requests.md)
  ['DELETE', `${CR}/content/page/{pageId}`, 'content'],
  ['POST', `${CR}/content/page/{pageId}/move`, 'content'],
  // links and backlinks
  ['GET', `${CR}/links`, 'content'],
  ...['/files/{fileId}/backlinks', '/page/{pageId}/links', '/page/{pageId}/backlinks'].flatMap((suffix) =>
    content(suffix).map((path): Spec => ['GET', path, 'content']),
  ),
  // what a URL names and how it embeds (reference tag `urls`; /urls/published is sites', below)
  ['GET', '/urls/content', 'content'],
  ['GET', '/urls/embed', 'content'],
  // sites (insights paths below are more specific and belong to insights)
  ['GET POST', `${ORG}/sites`, 'sites'],
  ['GET PATCH DELETE', SITE, 'sites'],
  ['POST', `${SITE}/publish`, 'sites'],
  ['POST', `${SITE}/unpublish`, 'sites'],
  ['GET PUT', `${SITE}/adaptive-schema`, 'sites'],
  ['GET', `${SITE}/published`, 'sites'],
  ['GET PUT', `${SITE}/customization`, 'sites'],
  ['GET PATCH', `${SITE}/publishing/auth`, 'sites'],
  ['POST', `${SITE}/publishing/auth/regenerate`, 'sites'],
  // Quire extension: OpenID Connect sign-in for readers (docs/sites.md).
  ['GET PUT DELETE', `${SITE}/publishing/auth/oidc`, 'sites'],
  ['GET POST', `${SITE}/sections`, 'sites'],
  ['PATCH DELETE', `${SITE}/sections/{siteSectionId}`, 'sites'],
  ['POST', `${SITE}/sections/{siteSectionId}/move`, 'sites'],
  ['GET POST', `${SITE}/section-groups`, 'sites'],
  ['PATCH DELETE', `${SITE}/section-groups/{siteSectionGroupId}`, 'sites'],
  ['POST', `${SITE}/section-groups/{siteSectionGroupId}/sections`, 'sites'],
  ['DELETE', `${SITE}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}`, 'sites'],
  ['POST', `${SITE}/section-groups/{siteSectionGroupId}/move`, 'sites'],
  ['GET', `${SITE}/structure`, 'sites'],
  ['PATCH', `${SITE}/structure/sort`, 'sites'],
  ['POST', `${SITE}/external-links`, 'sites'],
  ['PATCH DELETE', `${SITE}/external-links/{siteExternalLinkId}`, 'sites'],
  ['GET POST', `${SITE}/site-spaces`, 'sites'],
  ['PATCH DELETE', `${SITE}/site-spaces/{siteSpaceId}`, 'sites'],
  ['POST', `${SITE}/site-spaces/{siteSpaceId}/move`, 'sites'],
  ['POST', `${SITE}/site-spaces/{siteSpaceId}/duplicate`, 'sites'],
  ['GET PATCH DELETE', `${SITE}/site-spaces/{siteSpaceId}/customization`, 'sites'],
  ['GET POST', `${SITE}/share-links`, 'sites'],
  ['PATCH DELETE', `${SITE}/share-links/{shareLinkId}`, 'sites'],
  ['POST', `${SITE}/permissions`, 'sites'],
  ['GET', `${SITE}/permissions/aggregate`, 'sites'],
  ['GET', `${SITE}/permissions/users`, 'sites'],
  ['PATCH DELETE', `${SITE}/permissions/users/{userId}`, 'sites'],
  ['GET', `${SITE}/permissions/teams`, 'sites'],
  ['PATCH DELETE', `${SITE}/permissions/teams/{teamId}`, 'sites'],
  ['GET POST PUT', `${SITE}/redirects`, 'sites'],
  ['PATCH DELETE', `${SITE}/redirects/{siteRedirectId}`, 'sites'],
  ['GET', `${SITE}/redirect`, 'sites'],
  ['POST', `${SITE}/search`, 'sites'],
  // insights
  ['POST', `${SITE}/insights/events`, 'insights'],
  ['POST', `${SITE}/insights/events/aggregate`, 'insights'],
  ['GET', `${SITE}/insights/visitor-segments`, 'insights'],
  // the audit log (insights reads every service's facts: docs/audit-log.md)
  ['GET', `${ORG}/audit-events`, 'insights'],
  ['GET', `${ORG}/audit-events/{auditEventId}`, 'insights'],
  ['GET', `${ORG}/audit-event-actions`, 'insights'],
  // specs
  ['GET POST', `${ORG}/openapi`, 'specs'],
  ['GET PUT PATCH DELETE', `${ORG}/openapi/{specSlug}`, 'specs'],
  ['GET', `${ORG}/openapi/{specSlug}/versions`, 'specs'],
  ['GET', `${ORG}/openapi/{specSlug}/versions/latest`, 'specs'],
  ['GET', `${ORG}/openapi/{specSlug}/versions/latest/content`, 'specs'],
  ['GET', `${ORG}/openapi/{specSlug}/versions/{versionId}`, 'specs'],
  ['GET', `${ORG}/openapi/{specSlug}/versions/{versionId}/content`, 'specs'],
  ['GET POST', `${ORG}/translations`, 'specs'],
  ['GET PUT DELETE', `${ORG}/translations/{translationSettingsId}`, 'specs'],
  // webhooks (a Quire extension: docs/webhooks.md)
  ['GET POST', `${ORG}/webhooks`, 'webhooks'],
  ['GET PATCH DELETE', `${ORG}/webhooks/{webhookId}`, 'webhooks'],
  ['POST', `${ORG}/webhooks/{webhookId}/rotate-secret`, 'webhooks'],
  ['POST', `${ORG}/webhooks/{webhookId}/ping`, 'webhooks'],
  ['GET', `${ORG}/webhooks/{webhookId}/deliveries`, 'webhooks'],
  ['GET', `${ORG}/webhooks/{webhookId}/deliveries/{deliveryId}`, 'webhooks'],
  ['POST', `${ORG}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver`, 'webhooks'],
];

/**
 * Routes anyone may call: resolvePublishedContentByUrl needs no token on GitBook for what the URL
 * itself opens (GitBook's renderer calls it so); sites answers 404 for what it does not.
 */
const OPTIONAL_TOKEN_TABLE: Spec[] = [['GET POST', '/urls/published', 'sites']];

/** Routes whose credential is a signed URL (downloads handed out in API answers). */
const SIGNED_URL_TABLE: Spec[] = [
  ['GET', '/openapi-documents/{versionId}', 'specs'],
  ['GET', '/file-downloads/{revisionId}/{fileId}', 'content'],
  ['GET', '/pdf-exports/{spaceId}/{revisionId}/{scope}', 'content'],
];

const entries = (table: Spec[], extra: Partial<RouteEntry> = {}): RouteEntry[] =>
  table.flatMap(([methods, path, service]) =>
    methods.split(' ').map((method) => ({ method: method as RouteEntry['method'], path: `/v1${path}`, service, ...extra })),
  );

export const ROUTE_TABLE: RouteEntry[] = [
  ...entries(SPECS_TABLE),
  ...entries(OPTIONAL_TOKEN_TABLE, { access: 'optional-token' }),
  ...entries(SIGNED_URL_TABLE, { access: 'signed-url' }),
];

/**
 * Published addresses, outside `/v1`: the built-in `PUBLIC_URL/sites/{org}/{basename}/…`
 * and every request whose Host is not Quire's own (a site's hostname, a proxy in front of one;
 * @quire/urls `isApiHost`). They go to the reader with no API-token authentication: the reader
 * checks the site's audience itself (docs/reader.md). `/v1` stays the API on any host.
 */
export const PUBLISHED_ROUTE = { prefix: '/sites/', service: 'reader' } as const satisfies { prefix: string; service: ServiceName };

/**
 * The SCIM 2.0 service of each SCIM connection, `PUBLIC_URL/scim/v2/{connectionId}/…`: forwarded
 * to identity with no API-token authentication, since the connection's own bearer token is the
 * credential and identity checks it (docs/identity.md, SCIM provisioning).
 */
export const SCIM_ROUTE = { prefix: '/scim/v2/', service: 'identity' } as const satisfies { prefix: string; service: ServiceName };

/** The connection id of a SCIM request, or null when the URL is not one. */
export function scimConnectionOf(url: string | undefined): string | null {
  if (!url?.startsWith(SCIM_ROUTE.prefix)) return null;
  const id = url.slice(SCIM_ROUTE.prefix.length).split(/[/?#]/, 1)[0] ?? '';
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : null;
}

/** Whether a request (not `/v1`) is for a published site: the built-in prefix, or a host that is not the API's. */
export function isPublishedRequest(url: string, hostHeader: string | undefined, publicUrl: string): boolean {
  return url.startsWith(PUBLISHED_ROUTE.prefix) || !isApiHost(hostHeader, publicUrl);
}

export interface RouteMatch {
  entry: RouteEntry;
  params: Record<string, string>;
}

interface CompiledRoute {
  entry: RouteEntry;
  segments: string[];
}

/** Matches concrete paths against the table; literal segments win over parameters. */
export class RouteMatcher {
  private readonly bySegmentCount = new Map<number, CompiledRoute[]>();

  constructor(entries: RouteEntry[] = ROUTE_TABLE) {
    for (const entry of entries) {
      const segments = entry.path.split('/').filter(Boolean);
      const list = this.bySegmentCount.get(segments.length) ?? [];
      list.push({ entry, segments });
      this.bySegmentCount.set(segments.length, list);
    }
    // Fewer parameters first, so `/versions/latest` wins over `/versions/{versionId}`.
    for (const list of this.bySegmentCount.values()) list.sort((a, b) => paramCount(a.segments) - paramCount(b.segments));
  }

  /** The route for this method and path; `allowed` lists the methods the path has when none match. */
  match(method: string, path: string): { route: RouteMatch | null; allowed: string[] } {
    const parts = path.split('/').filter(Boolean);
    const candidates = this.bySegmentCount.get(parts.length) ?? [];
    const allowed: string[] = [];
    let pathTemplate: string | null = null;
    for (const { entry, segments } of candidates) {
      if (pathTemplate !== null && entry.path !== pathTemplate) continue;
      const params = matchSegments(segments, parts);
      if (!params) continue;
      pathTemplate = entry.path;
      if (entry.method === method) return { route: { entry, params }, allowed: [] };
      allowed.push(entry.method);
    }
    return { route: null, allowed };
  }
}

function paramCount(segments: string[]): number {
  return segments.filter((s) => s.startsWith('{')).length;
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string;
    const p = parts[i] as string;
    if (t.startsWith('{')) {
      let value: string;
      try {
        value = decodeURIComponent(p);
      } catch {
        return null;
      }
      params[t.slice(1, -1)] = value;
    } else if (t !== p) return null;
  }
  return params;
}
