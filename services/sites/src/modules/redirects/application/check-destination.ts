import { badRequest } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { locateSection, locateSiteSpace } from '../../sites';
import type { RedirectDestination } from '../model/site-redirect';

/**
 * Refuses (400, naming `field`) a destination that names a section or site space the site does
 * not have. A page is named by its site space and id; the page itself is not looked up (content's
 * pages can move or go, and the reader falls back to the site space).
 */
export async function checkDestination(db: SqlExecutor, siteId: string, destination: RedirectDestination, field = 'destination'): Promise<void> {
  if (destination.kind === 'site-section') {
    if (!(await locateSection({ db }, siteId, destination.siteSectionId)))
      throw badRequest(`Invalid body field "${field}.siteSectionId": the site has no section ${destination.siteSectionId}`);
  } else if (destination.kind === 'site-space' || destination.kind === 'site-page') {
    if (!(await locateSiteSpace({ db }, siteId, destination.siteSpaceId)))
      throw badRequest(`Invalid body field "${field}.siteSpaceId": the site has no site space ${destination.siteSpaceId}`);
  }
}
