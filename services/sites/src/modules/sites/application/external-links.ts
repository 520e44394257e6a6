import { badRequest, notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import type { SiteExternalLink } from '../model/site-structure';
import { findSectionGroup } from '../store/section-groups.store';
import { findExternalLink } from '../store/external-links.store';
import { listAllSections } from '../store/sections.store';

// The checks the external-link use cases share, in their transaction (reference addExternalLinkToSite:
// links need a section-based structure and live at the top level or in a group, never in a section).

/** 400 when the site has no sections (its structure is a list of site spaces). */
export async function requireSectionStructure(tx: SqlExecutor, siteId: string): Promise<void> {
  if ((await listAllSections(tx, siteId)).length === 0) {
    throw badRequest('Invalid request: external links need a site structured in sections; this site lists site spaces');
  }
}

/** The group named as `parent`, 400 naming the field when it is not one of the site's. */
export async function requireParentGroup(tx: SqlExecutor, siteId: string, groupId: string): Promise<string> {
  const group = await findSectionGroup(tx, siteId, groupId);
  if (!group) throw badRequest(`Invalid body field "parent": no section group ${groupId} in this site`);
  return group.id;
}

export async function requireExternalLink(tx: SqlExecutor, siteId: string, linkId: string): Promise<SiteExternalLink> {
  const link = await findExternalLink(tx, siteId, linkId);
  if (!link) throw notFound(`Site external link ${linkId} not found`);
  return link;
}
