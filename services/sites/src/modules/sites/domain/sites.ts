import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSiteWithCounts } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

// Reference enums SiteType, SiteVisibility and SiteAgentsContext.
export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;

/** The title of a site created without one (spec: title 2..128, optional on create). */
export const DEFAULT_SITE_TITLE = 'Untitled site';

/** A site PATCH (updateSiteById), already validated in shape. */
export interface SiteUpdate {
  title?: string;
  visibility?: string;
  basename?: string;
  hostname?: string | null;
  proxy?: string | null;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: string;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
}

export async function reloadSite(tx: SqlExecutor, organizationId: string, siteId: string): Promise<SiteWithCounts> {
  const site = await findSiteWithCounts(tx, organizationId, siteId);
  if (!site) throw notFound(`Site ${siteId} not found`);
  return site;
}
