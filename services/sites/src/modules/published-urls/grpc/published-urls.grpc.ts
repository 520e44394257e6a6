import type { AsyncService } from '@quire/platform/grpc';
import type { sites } from '@quire/proto';
import { verifySiteVisitorToken } from '../../publishing-auth';
import type { PublishedUrlDeps } from '../application/deps';
import { readSiteAccess } from '../application/read-site-access';
import { resolvePublishedUrl } from '../application/resolve-published-url';

const NO_CONTENT: sites.ResolvePublishedUrlResponse = { outcome: 'not-found', content: undefined, redirect: undefined, reason: '', refusedAudience: '' };

/**
 * The reader's half of the Sites gRPC service (proto/quire/sites.proto): the same resolution as
 * REST resolvePublishedContentByUrl, and a visitor token checked against a site's key; and the
 * gateway's check of a site API token's access stamp. The service's wiring merges these into the
 * Sites binding.
 */
export function publishedUrlsGrpc(
  deps: PublishedUrlDeps,
): Pick<AsyncService<sites.SitesServer>, 'resolvePublishedUrl' | 'verifyVisitorToken' | 'getSiteAccess'> {
  return {
    resolvePublishedUrl: async ({ url, visitorToken, redirectOnError }) => {
      const resolution = await resolvePublishedUrl(deps, { url, visitorToken: visitorToken || undefined, redirectOnError, tokenForm: 'full' });
      if (resolution.kind === 'not-found') return { ...NO_CONTENT, reason: resolution.reason, refusedAudience: resolution.refusedAudience ?? '' };
      if (resolution.kind === 'redirect') {
        const site = resolution.target === 'external' ? resolution.site : '';
        return {
          ...NO_CONTENT,
          outcome: 'redirect',
          redirect: { target: resolution.target, redirect: resolution.redirect, site, visibility: resolution.visibility ?? '' },
        };
      }
      const c = resolution.content;
      return {
        ...NO_CONTENT,
        outcome: 'content',
        content: {
          organization: c.organization,
          site: c.site,
          siteSection: c.siteSection ?? '',
          siteSpace: c.siteSpace,
          space: c.space,
          revision: c.revision ?? '',
          pathname: c.pathname,
          basePath: c.basePath,
          siteBasePath: c.siteBasePath,
          canonicalUrl: c.canonicalUrl,
          shareKey: c.shareKey ?? '',
          complete: c.complete,
          apiToken: c.apiToken,
          visibility: resolution.visibility,
          siteVersion: resolution.siteVersion,
          spaceIds: resolution.spaceIds,
        },
      };
    },

    verifyVisitorToken: async ({ siteId, token }) => {
      const check = await verifySiteVisitorToken(deps, siteId, token);
      const fallbackUrl = check.fallbackUrl ?? '';
      return check.ok
        ? { ok: true, reason: '', fallbackUrl, claimsJson: JSON.stringify(check.visitor.claims) }
        : { ok: false, reason: check.reason, fallbackUrl, claimsJson: '' };
    },

    getSiteAccess: async ({ organizationId, siteId }) =>
      organizationId && siteId ? await readSiteAccess(deps, organizationId, siteId) : { stamps: [], spaceIds: [] },
  };
}
