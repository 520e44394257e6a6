import type { SiteAddressCandidate } from '@quire/publishing';
import type { SqlExecutor } from '@quire/platform/sql';
import type { Site } from '../model/site';
import { findPublishedSitesAt } from '../store/sites.store';

/**
 * The published site a URL belongs to, with the address it matched (packages/publishing
 * parsePublishedUrl's candidates, best first): one query for every candidate, the best one that
 * names a site wins. Null when no published site lives there.
 */
export async function findPublishedSite(
  db: SqlExecutor,
  candidates: readonly SiteAddressCandidate[],
): Promise<{ site: Site; candidate: SiteAddressCandidate } | null> {
  if (candidates.length === 0) return null;
  let builtIn: { organizationId: string; basename: string } | undefined;
  let hostname: string | undefined;
  const proxyUrls: string[] = [];
  for (const { lookup } of candidates) {
    if (lookup.kind === 'built-in') builtIn = { organizationId: lookup.organizationId, basename: lookup.basename };
    else if (lookup.kind === 'proxy') proxyUrls.push(lookup.proxyUrl);
    else hostname = lookup.hostname;
  }
  const sites = await findPublishedSitesAt(db, { builtIn, proxyUrls, hostname });
  for (const candidate of candidates) {
    const site = sites.find((s) => siteIsAt(s, candidate));
    if (site) return { site, candidate };
  }
  return null;
}

/** The candidate (of parsePublishedUrl's) that names this site's address, if any: where in the site a URL points. */
export function siteCandidateOf(
  site: Pick<Site, 'organizationId' | 'id' | 'basename' | 'proxyUrl' | 'hostname'>,
  candidates: readonly SiteAddressCandidate[],
): SiteAddressCandidate | undefined {
  return candidates.find((candidate) => siteIsAt(site, candidate));
}

function siteIsAt(site: Pick<Site, 'organizationId' | 'id' | 'basename' | 'proxyUrl' | 'hostname'>, { lookup }: SiteAddressCandidate): boolean {
  if (lookup.kind === 'built-in') return site.organizationId === lookup.organizationId && (site.basename ?? site.id) === lookup.basename;
  if (lookup.kind === 'proxy') return site.proxyUrl?.toLowerCase() === lookup.proxyUrl.toLowerCase();
  return site.hostname === lookup.hostname;
}
