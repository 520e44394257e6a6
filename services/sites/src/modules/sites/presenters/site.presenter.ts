import { atLeast, type Role } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import { maySite } from '../policies/site.policy';
import type { Site, SiteWithCounts } from '../model/site';

// Where a site is served. A proxy origin ("company.com/docs") wins, then a custom hostname;
// otherwise the site lives under this installation's PUBLIC_URL at /sites/{organizationId}/{basename}
// (the site id until a basename is set). The organization's hostname is identity's and not known
// here, so it plays no part.
const SITES_PREFIX = '/sites';

/** The address the site is (or would be, once published) served at, without a trailing slash. */
export function siteAddress(site: Pick<Site, 'id' | 'organizationId' | 'basename' | 'hostname' | 'proxyUrl'>, urls: UrlBuilder): string {
  if (site.proxyUrl) return `https://${site.proxyUrl}`;
  if (site.hostname) return `https://${site.hostname}`;
  return builtInAddress(site, urls);
}

function builtInAddress(site: Pick<Site, 'id' | 'organizationId' | 'basename'>, urls: UrlBuilder): string {
  return urls.app(`${SITES_PREFIX}/${encodeURIComponent(site.organizationId)}/${encodeURIComponent(site.basename ?? site.id)}`);
}

/** A share key in a published address: what lets a visitor into a `share-link` site. */
export function withShareKey(url: string, shareKey: string): string {
  return `${url}?share_key=${encodeURIComponent(shareKey)}`;
}

/**
 * The published address of the site, or of a path in it (a section's or site space's path,
 * segments joined by "/"): undefined while the site is not published (reference Site.urls.published).
 * `shareKey` is a key already resolved as an active key of this site (see resolveShareKey).
 */
export function publishedUrl(
  site: Pick<Site, 'id' | 'organizationId' | 'basename' | 'hostname' | 'proxyUrl' | 'published'>,
  urls: UrlBuilder,
  options: { path?: readonly string[]; shareKey?: string | null } = {},
): string | undefined {
  if (!site.published) return undefined;
  const segments = (options.path ?? []).filter((p) => p.length > 0).map(encodeURIComponent);
  const base = siteAddress(site, urls);
  const url = segments.length ? `${base}/${segments.join('/')}` : `${base}/`;
  return options.shareKey ? withShareKey(url, options.shareKey) : url;
}

/** Where members preview a site, published or not: its profile as visitors would get it (GET …/published). */
function previewUrl(site: Pick<Site, 'id' | 'organizationId'>, urls: UrlBuilder): string {
  return urls.api(`/orgs/${site.organizationId}/sites/${site.id}/published`);
}

/**
 * Today's client's (0.202.0) Site.permissions for a caller with level `role` on the site, as
 * site.policy decides: `read` reads a site and its adaptive schema; `create` manages everything
 * else, settings and publishing included (so `admin` too); editing its content is editing its spaces (`edit`);
 * `installIntegration` is false for everyone: Quire does not host integrations.
 */
function sitePermissions(role: Role) {
  const mayManage = maySite(role, 'manage');
  return {
    view: maySite(role, 'read'),
    access: maySite(role, 'read'),
    edit: atLeast(role, 'edit'),
    create: mayManage,
    admin: mayManage,
    installIntegration: false,
    viewAdaptiveSchema: maySite(role, 'read'),
    editAdaptiveSchema: mayManage,
  };
}

/**
 * Reference schema Site; `permissions` are the caller's (`role`). `shareKey`: a resolved active
 * share key to put in the published URL. `appliedType`, `defaultLevel`, `permissions` and
 * `urls.preview` are what today's client (0.202.0) requires beyond the 0.143.2 contract.
 */
export function presentSite(site: SiteWithCounts, role: Role, urls: UrlBuilder, shareKey: string | null = null) {
  const published = publishedUrl(site, urls, { shareKey });
  return {
    object: 'site' as const,
    id: site.id,
    type: site.type,
    // Self-hosted: no plan freezes a site down to another type.
    appliedType: site.type,
    title: site.title,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    ...(site.basename ? { basename: site.basename } : {}),
    // The proxy forwards visitors of its origin to the site's own address.
    ...(site.proxyUrl ? { proxy: { origin: site.proxyUrl, target: `${builtInAddress(site, urls)}/` } } : {}),
    visibility: site.visibility,
    defaultLevel: site.defaultLevel,
    permissions: sitePermissions(role),
    published: site.published,
    siteSpaces: site.siteSpaces,
    createdAt: site.createdAt.toISOString(),
    adaptiveContent: { enabled: site.adaptiveContentEnabled },
    agentsContext: site.agentsContext,
    // Self-hosted: no plans, so no premium feature is enabled or frozen.
    features: [] as never[],
    urls: {
      location: urls.api(`/orgs/${site.organizationId}/sites/${site.id}`),
      app: urls.app(`/o/${site.organizationId}/sites/${site.id}`),
      ...(published ? { published } : {}),
      preview: previewUrl(site, urls),
    },
  };
}

export type PresentedSite = ReturnType<typeof presentSite>;

/** Reference schema SiteAdaptiveSchema. */
export function presentAdaptiveSchema(schema: { jsonSchema: unknown; updatedAt: Date }) {
  return { object: 'site-adaptive-schema' as const, jsonSchema: schema.jsonSchema, updatedAt: schema.updatedAt.toISOString() };
}
