import { deleteRedirect } from '../store/site-redirects.store';
import { announceRedirects } from './announce-redirects';
import { authorizeSite } from '../../sites';
import type { RedirectCallerDeps, RedirectSiteRef } from './deps';

/** deleteSiteRedirectById: whether there was one to delete (205) or not (204, as the reference allows). */
export async function deleteSiteRedirect(deps: RedirectCallerDeps, callerId: string, ref: RedirectSiteRef, redirectId: string): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const deleted = await deleteRedirect(tx, site.id, redirectId);
    if (!deleted) return false;
    await announceRedirects(tx, site, [{ status: 'deleted', redirectId, source: deleted.source, draft: deleted.draft }], callerId, now);
    return true;
  });
}
