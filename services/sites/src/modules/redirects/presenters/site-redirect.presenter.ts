import type { SiteRedirect } from '../model/site-redirect';

/** Reference SiteRedirect; `updatedAt` only once the redirect was changed. */
export function presentSiteRedirect(redirect: SiteRedirect) {
  return {
    object: 'site-redirect' as const,
    id: redirect.id,
    source: redirect.source,
    draft: redirect.draft,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    destination: redirect.destination,
    createdAt: redirect.createdAt.toISOString(),
    ...(redirect.updatedAt ? { updatedAt: redirect.updatedAt.toISOString() } : {}),
  };
}
