import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import type { SiteWithCounts } from '../model/site';
import type { SiteSection, SiteSectionGroup, SiteSpace } from '../model/site-structure';
import { findSectionGroup } from '../store/section-groups.store';
import { findSection } from '../store/sections.store';
import { findSiteSpace } from '../store/site-spaces.store';
import { findSiteWithCounts } from '../store/sites.store';

// The rows a use case acts on, loaded in its transaction: a 404 when one is not the site's.

export async function reloadSite(tx: SqlExecutor, organizationId: string, siteId: string): Promise<SiteWithCounts> {
  const site = await findSiteWithCounts(tx, organizationId, siteId);
  if (!site) throw notFound(`Site ${siteId} not found`);
  return site;
}
export async function requireSection(tx: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection> {
  const section = await findSection(tx, siteId, sectionId);
  if (!section) throw notFound(`Site section ${sectionId} not found`);
  return section;
}

export async function requireGroup(tx: SqlExecutor, siteId: string, groupId: string): Promise<SiteSectionGroup> {
  const group = await findSectionGroup(tx, siteId, groupId);
  if (!group) throw notFound(`Site section group ${groupId} not found`);
  return group;
}

/** A site space that visitors see: a hidden one (its space is deleted) answers 404 like a missing one. */
export async function requireSiteSpace(tx: SqlExecutor, siteId: string, siteSpaceId: string): Promise<SiteSpace> {
  const siteSpace = await findSiteSpace(tx, siteId, siteSpaceId);
  if (!siteSpace || siteSpace.hidden) throw notFound(`Site space ${siteSpaceId} not found`);
  return siteSpace;
}
