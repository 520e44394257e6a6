import type { SiteWithCounts } from '../model/site';
import type { SiteSpace } from '../model/site-structure';
import { fetchSpaceForStructure, type SpaceCatalog } from '../domain/space-embedder';
import { authorizeSite } from '../policies/site.policy';
import { listSiteSpacesIn } from '../store/site-spaces.store';
import { placeSpaceOnSite } from './add-site-space';
import { addSectionWithSpace } from './create-section';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';
import { requireSiteSpace } from './require-structure';

/**
 * duplicateSiteSpace: content copies the site space's space as the caller (duplicateSpace's checks),
 * then the copy joins the site: as a variant of the same section (or the root) when the site space has
 * siblings there, else in a new section at the end of the site's top level. Two services, two
 * transactions: when the second fails, the copy stays in the organization as a space of its own.
 */
export async function duplicateSiteSpace(
  deps: SiteCallerDeps & Pick<SitesReadDeps, 'clients'>,
  callerId: string,
  ref: SiteRef,
  siteSpaceId: string,
  now: Date,
): Promise<{ site: SiteWithCounts; siteSpace: SiteSpace; catalog: SpaceCatalog }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const source = await requireSiteSpace(deps.db, site.id, siteSpaceId);
  const copy = await deps.clients.content().duplicateSpace({ spaceId: source.spaceId, userId: callerId });
  const { space, catalog } = await fetchSpaceForStructure(deps.clients.content(), site.organizationId, copy.id, callerId, 'siteSpaceId');
  const siblings = (await listSiteSpacesIn(deps.db, site.id, source.sectionId)).filter((s) => !s.hidden);
  if (source.sectionId && siblings.length <= 1) {
    const section = await addSectionWithSpace(deps.db, site, { space }, now);
    const [siteSpace] = await listSiteSpacesIn(deps.db, site.id, section.id);
    return { site, siteSpace: siteSpace as SiteSpace, catalog };
  }
  const siteSpace = await placeSpaceOnSite(deps.db, site, { space, sectionId: source.sectionId ?? undefined }, now);
  return { site, siteSpace, catalog };
}
