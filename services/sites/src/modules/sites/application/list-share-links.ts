import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { listShareLinkRows } from '../store/share-links.store';
import type { ShareLink } from '../model/share-link';

/** A page of a site's share links, optionally searched by name: they carry secret keys, so `create` role only. */
export async function listShareLinks(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  input: { page: PageRequest; search?: string },
): Promise<Paged<ShareLink> & { site: SiteWithCounts }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'readShareLinks');
  return { site, ...(await listShareLinkRows(deps.db, site.id, input.page, input.search)) };
}
