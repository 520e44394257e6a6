import type { StoredSiteCustomization } from '../model/site-customization';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSiteCustomization } from '../store/site-customizations.store';

/** The site's stored customization, null while it never set one (the defaults apply). */
export function getSiteCustomization(db: SqlExecutor, siteId: string): Promise<StoredSiteCustomization | null> {
  return findSiteCustomization(db, siteId);
}
