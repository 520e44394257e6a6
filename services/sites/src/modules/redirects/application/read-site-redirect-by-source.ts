import { notFound } from '@quire/errors';
import { authorizeSite } from '../../sites';
import type { SiteRedirect } from '../model/site-redirect';
import type { RedirectCallerDeps, RedirectSiteRef } from './deps';
import { getSiteRedirectBySource } from './get-site-redirect-by-source';

/** getSiteRedirectBySource for a member of the site's organization: 404 when no live redirect matches. */
export async function readSiteRedirectBySource(
  deps: RedirectCallerDeps,
  callerId: string,
  ref: RedirectSiteRef,
  requestPath: string,
): Promise<{ redirect: SiteRedirect; target: string }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'read');
  const found = await getSiteRedirectBySource(deps, site, requestPath);
  if (!found) throw notFound(`No redirect of site ${site.id} matches ${requestPath}`);
  return found;
}
