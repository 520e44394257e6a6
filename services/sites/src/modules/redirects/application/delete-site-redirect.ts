import { deleteRedirect } from '../store/site-redirects.store';
import { announceRedirects } from './announce-redirects';
import type { RedirectDeps, RedirectSite } from './deps';

/** deleteSiteRedirectById: whether there was one to delete (205) or not (204, as the reference allows). */
export async function deleteSiteRedirect(deps: RedirectDeps, site: RedirectSite, redirectId: string, callerId: string): Promise<boolean> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const deleted = await deleteRedirect(tx, site.id, redirectId);
    if (!deleted) return false;
    await announceRedirects(tx, site, [{ status: 'deleted', redirectId, source: deleted.source, draft: deleted.draft }], callerId, now);
    return true;
  });
}
