import { conflict, notFound } from '@quire/errors';
import { findRedirect, findRedirectByKey, updateRedirect } from '../store/site-redirects.store';
import type { SiteRedirect, SiteRedirectFields } from '../model/site-redirect';
import { announceRedirects } from './announce-redirects';
import { checkDestination } from './check-destination';
import { checkRedirectLoop } from './check-redirect-loop';
import { authorizeSite } from '../../sites';
import type { RedirectCallerDeps, RedirectSiteRef } from './deps';

/**
 * updateSiteRedirectById: omitted fields are kept; `draft: false` promotes a draft (409 if a live
 * one has its source); a live redirect that would loop is a 400. The loop is looked for before the
 * transaction: following a page destination asks content over gRPC.
 */
export async function updateSiteRedirect(
  deps: RedirectCallerDeps,
  callerId: string,
  ref: RedirectSiteRef,
  redirectId: string,
  changes: Partial<SiteRedirectFields>,
): Promise<SiteRedirect> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const now = deps.clock();
  const before = await findRedirect(deps.db, site.id, redirectId);
  if (!before) throw notFound(`Site redirect ${redirectId} not found`);
  await checkRedirectLoop(deps, site, changedFields(before, changes), { replacing: redirectId, field: changes.destination ? 'destination' : 'source' });
  return deps.db.transaction(async (tx) => {
    const current = await findRedirect(tx, site.id, redirectId);
    if (!current) throw notFound(`Site redirect ${redirectId} not found`);
    const next = changedFields(current, changes);
    if (changes.destination) await checkDestination(tx, site.id, next.destination);
    const clash = await findRedirectByKey(tx, site.id, next.draft, next.key);
    if (clash && clash.id !== current.id) throw conflict(`A ${next.draft ? 'draft' : 'live'} redirect with source ${next.source} already exists`);
    const updated = (await updateRedirect(tx, site.id, redirectId, next, now)) as SiteRedirect;
    await announceRedirects(tx, site, [{ status: 'updated', redirectId, source: updated.source, draft: updated.draft }], callerId, now);
    return updated;
  });
}

function changedFields(current: SiteRedirect, changes: Partial<SiteRedirectFields>): SiteRedirectFields {
  return {
    source: changes.source ?? current.source,
    key: changes.key ?? current.key,
    draft: changes.draft ?? current.draft,
    captureWildcard: changes.captureWildcard ?? current.captureWildcard,
    permanent: changes.permanent ?? current.permanent,
    destination: changes.destination ?? current.destination,
  };
}
