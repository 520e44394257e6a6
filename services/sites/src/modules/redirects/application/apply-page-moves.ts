import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import { locateSpaceOnSites, type SpacePlacement } from '../../sites';
import { planAutomaticRedirects, type PagePathChange } from '../domain/automatic-redirects';
import type { RedirectDestination } from '../model/site-redirect';
import { deleteAutomaticRedirectsByKeys, deleteAutomaticRedirectsToPages } from '../store/automatic-redirects.store';
import { findRedirectByKey, insertRedirect, updateRedirect } from '../store/site-redirects.store';
import { announceRedirects, type RedirectChange } from './announce-redirects';

/**
 * Applies one new current revision's page path changes to the automatic redirects of every site
 * that shows the space (domain/automatic-redirects.ts), in the caller's transaction, with one
 * `site.redirects_changed` per site that changed (`by` empty: nobody made the call). A redirect a
 * user made is never changed: an old address that has one keeps it. Applying the same changes
 * twice changes nothing the second time. Answers how many redirects changed.
 */
export async function applyPageMoves(tx: SqlExecutor, spaceId: string, changes: readonly PagePathChange[], now: Date): Promise<number> {
  if (changes.length === 0) return 0;
  let changed = 0;
  for (const placement of await locateSpaceOnSites({ db: tx }, spaceId)) {
    const siteChanges = await applyInSiteSpace(tx, placement, changes, now);
    await announceRedirects(tx, { id: placement.siteId, organizationId: placement.organizationId }, siteChanges, '', now);
    changed += siteChanges.length;
  }
  return changed;
}

async function applyInSiteSpace(tx: SqlExecutor, placement: SpacePlacement, changes: readonly PagePathChange[], now: Date): Promise<RedirectChange[]> {
  const plan = planAutomaticRedirects(changes, placement.segments);
  const dropped = [
    ...(await deleteAutomaticRedirectsByKeys(tx, placement.siteId, plan.dropKeys)),
    ...(await deleteAutomaticRedirectsToPages(tx, placement.siteSpaceId, plan.dropPageIds)),
  ];
  const result: RedirectChange[] = dropped.map((r) => ({ status: 'deleted', redirectId: r.id, source: r.source, draft: false }));
  for (const upsert of plan.upserts) {
    const destination: RedirectDestination = { kind: 'site-page', siteSpaceId: placement.siteSpaceId, pageId: upsert.pageId };
    const fields = { source: upsert.source, key: upsert.key, draft: false, captureWildcard: false, permanent: false, destination };
    const existing = await findRedirectByKey(tx, placement.siteId, false, upsert.key);
    if (!existing) {
      const created = await insertRedirect(tx, newId(), placement.siteId, fields, now, 'automatic');
      result.push({ status: 'created', redirectId: created.id, source: created.source, draft: false });
    } else if (existing.origin === 'automatic' && !sameDestination(existing.destination, destination)) {
      await updateRedirect(tx, placement.siteId, existing.id, fields, now, 'automatic');
      result.push({ status: 'updated', redirectId: existing.id, source: existing.source, draft: false });
    }
  }
  return result;
}

function sameDestination(a: RedirectDestination, b: Extract<RedirectDestination, { kind: 'site-page' }>): boolean {
  return a.kind === 'site-page' && a.siteSpaceId === b.siteSpaceId && a.pageId === b.pageId;
}
