import { badRequest } from '@quire/errors';
import { deriveSecret } from '@quire/platform/secrets';
import {
  accessStampOf,
  issueCompactSiteApiToken,
  issueSiteApiToken,
  type SiteApiTokenScope,
  parsePublishedUrl,
  publishedPaths,
  resolveSitePath,
  SITE_API_TOKEN_SECRET_PURPOSE,
} from '@quire/publishing';
import { getSiteRedirectBySource } from '../../redirects';
import { findPublishedSite, getSiteCustomization, loadPublishedSpaces, loadPublishedStructure, siteAddress, spaceIdsOfStructure } from '../../sites';
import { sitePathStructure, spaceOfSiteSpace } from '../domain/site-path-structure';
import { siteVersionOf } from '../domain/site-version';
import type { PublishedContent, PublishedUrlResolution } from '../model/published-content';
import { checkSiteAudience } from './check-site-audience';
import type { PublishedUrlDeps, PublishedUrlRequest } from './deps';

/**
 * resolvePublishedContentByUrl: the published site a URL lies under (built-in address, proxy
 * origin, custom hostname), its audience checked, then a live redirect of the path inside the site
 * or the section, site space, space, published revision and page path it names, with an apiToken
 * for that site's spaces, and the stamp of everything the site's pages show (`siteVersion`, the
 * reader's cache key). `not-found` for anything unknown, unpublished or refused (the reference's
 * only refusal), `redirect` to the fallbackURL for a refused visitor who asked for it.
 */
export async function resolvePublishedUrl(deps: PublishedUrlDeps, request: PublishedUrlRequest): Promise<PublishedUrlResolution> {
  const parsed = parsePublishedUrl(request.url, { publicUrl: deps.urls.app('/') });
  if (!parsed.ok) throw badRequest(parsed.message);
  const found = await findPublishedSite(deps.db, parsed.candidates);
  if (!found) return { kind: 'not-found', reason: 'No published site at this URL' };
  const { site, candidate } = found;
  const audience = await checkSiteAudience(deps, site, { shareKey: parsed.shareKey, visitorToken: request.visitorToken ?? parsed.visitorToken });
  if (!audience.ok) {
    if (request.redirectOnError && audience.fallbackUrl) return { kind: 'redirect', target: 'external', site: site.id, redirect: audience.fallbackUrl };
    return { kind: 'not-found', reason: `No published content at this URL (${audience.reason})`, refusedAudience: site.visibility };
  }
  // The site's redirect, structure and customization are independent reads: asked side by side,
  // a page's resolution waits for one database round trip, not three, which keeps a cold page fast.
  const [redirect, structure, customization] = await Promise.all([
    getSiteRedirectBySource(deps, site, `/${candidate.rest.join('/')}`),
    loadPublishedStructure(deps.db, site.id),
    getSiteCustomization(deps.db, site.id),
  ]);
  if (redirect) {
    const external = redirect.redirect.destination.kind === 'external';
    return external
      ? { kind: 'redirect', target: 'external', site: site.id, redirect: redirect.target, visibility: site.visibility }
      : { kind: 'redirect', target: 'content', redirect: redirect.target, visibility: site.visibility };
  }
  const resolution = resolveSitePath(candidate.rest, sitePathStructure(structure));
  const spaceId = resolution && spaceOfSiteSpace(structure, resolution.siteSpaceId);
  // Sites' projection of the published spaces, kept by content's events: no call to content.
  const spaces = await loadPublishedSpaces(deps, spaceIdsOfStructure(structure), site.organizationId);
  const space = spaceId ? spaces.get(spaceId) : undefined;
  if (!resolution || !space) return { kind: 'not-found', reason: 'This site publishes no content at this URL' };
  // The token names the audience that opened it and lives no longer than the visitor's JWT.
  const stamp = accessStampOf({ site: site.id, visibility: site.visibility, credential: audience.credential });
  const token = await issueApiToken(deps, request.tokenForm, {
    organization: site.organizationId,
    site: site.id,
    siteSpace: resolution.siteSpaceId,
    space: space.id,
    spaces: [...spaces.keys()],
    as: stamp,
    notAfter: audience.notAfter,
  });
  const paths = publishedPaths(candidate.siteBasePath, resolution);
  const canonicalPath = [...resolution.sitePath, resolution.pagePath].filter((s) => s.length > 0).join('/');
  const content: PublishedContent = {
    organization: site.organizationId,
    site: site.id,
    ...(resolution.sectionId ? { siteSection: resolution.sectionId } : {}),
    siteSpace: resolution.siteSpaceId,
    space: space.id,
    revision: typeof space.revision === 'string' ? space.revision : undefined,
    ...paths,
    canonicalUrl: `${siteAddress(site, deps.urls)}/${canonicalPath}`,
    ...(audience.shareKey ? { shareKey: audience.shareKey } : {}),
    complete: resolution.complete,
    apiToken: token,
  };
  const siteVersion = siteVersionOf({ site, customization, structure, spaces });
  return { kind: 'content', content, visibility: site.visibility, siteVersion, spaceIds: [...spaces.keys()] };
}

/** The apiToken in the form asked: the full JWT (reader over gRPC) or the compact one (REST, under 200 characters). */
async function issueApiToken(
  deps: PublishedUrlDeps,
  form: PublishedUrlRequest['tokenForm'],
  scope: SiteApiTokenScope & { notAfter: Date | undefined },
): Promise<string> {
  const secret = deriveSecret(deps.serviceSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  const { notAfter, ...claims } = scope;
  const issued =
    form === 'compact'
      ? await issueCompactSiteApiToken({ organization: claims.organization, site: claims.site, as: claims.as }, secret, deps.clock(), { notAfter })
      : await issueSiteApiToken(claims, secret, deps.clock(), { notAfter });
  return issued.token;
}
