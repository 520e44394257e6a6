import { ApiError, badRequest } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import { deleteRedirect, findRedirectByKey, insertRedirect, updateRedirect } from '../store/site-redirects.store';
import { firstRepeatedTarget, upsertFields, type BulkInputStep, type BulkStep } from '../domain/bulk-item';
import type { SiteRedirectFields } from '../model/site-redirect';
import { announceRedirects, type RedirectChange } from './announce-redirects';
import { checkDestination } from './check-destination';
import { checkRedirectLoop } from './check-redirect-loop';
import { authorizeSite } from '../../sites';
import type { RedirectCallerDeps, RedirectDeps, RedirectSite, RedirectSiteAddress, RedirectSiteRef } from './deps';
import { resolveDestination } from './resolve-destination';

export type BulkResult = { status: RedirectChange['status']; source: string; draft: boolean; id?: string };

/**
 * bulkUpsertSiteRedirects, atomic: every step runs in one transaction and the first that fails
 * (unknown draft to publish, unknown section or site space, a source named twice) rolls back the
 * whole call with a 400 naming its item (`redirects.N…`), so nothing is written. So does a live
 * redirect that would loop once the whole call is applied.
 */
export async function bulkUpsertSiteRedirects(deps: RedirectCallerDeps, callerId: string, ref: RedirectSiteRef, input: BulkInputStep[]): Promise<BulkResult[]> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const repeated = firstRepeatedTarget(input);
  if (repeated >= 0) throw badRequest(`Invalid body field "redirects.${repeated}.source": the call already changes this redirect`);
  const steps = await resolveSteps(deps, site, input);
  await checkLoops(deps, site, steps);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const results: BulkResult[] = [];
    for (const [index, step] of steps.entries()) results.push(await runStep(tx, site, step, index, now));
    const changes = results
      .filter((r): r is BulkResult & { id: string } => r.id !== undefined)
      .map((r) => ({ status: r.status, redirectId: r.id, source: r.source, draft: r.draft }));
    await announceRedirects(tx, site, changes, callerId, now);
    return results;
  });
}

/** Pages named by path become site-page destinations, before the transaction (content is asked over gRPC); the first unknown one is the 400. */
async function resolveSteps(deps: RedirectDeps, site: RedirectSite, input: BulkInputStep[]): Promise<BulkStep[]> {
  const steps: BulkStep[] = [];
  for (const [index, step] of input.entries()) {
    if (step.kind !== 'upsert' || step.destination.kind !== 'path') steps.push(step as BulkStep);
    else steps.push({ ...step, destination: await resolveDestination(deps, site.id, step.destination, `redirects.${index}.destination`) });
  }
  return steps;
}

/** Every redirect the call makes live, followed with all of the call's changes applied (before the transaction: pages are asked of content). */
async function checkLoops(deps: RedirectDeps, site: RedirectSite & RedirectSiteAddress, steps: readonly BulkStep[]): Promise<void> {
  const live: Array<{ index: number; fields: SiteRedirectFields }> = [];
  for (const [index, step] of steps.entries()) {
    if (step.kind === 'upsert' && !step.draft) live.push({ index, fields: upsertFields(step, await findRedirectByKey(deps.db, site.id, false, step.key)) });
    if (step.kind === 'publish') {
      const draft = await findRedirectByKey(deps.db, site.id, true, step.key);
      if (draft) live.push({ index, fields: { ...draft, draft: false } });
    }
  }
  const removedKeys = steps.filter((s) => s.kind === 'delete' && !s.draft).map((s) => s.key);
  for (const { index, fields } of live) {
    const alongside = live.filter((other) => other.index !== index).map((other) => other.fields);
    await checkRedirectLoop(deps, site, fields, { field: `redirects.${index}.destination`, alongside, removedKeys });
  }
}

async function runStep(tx: SqlExecutor, site: RedirectSite, step: BulkStep, index: number, now: Date): Promise<BulkResult> {
  try {
    return await applyStep(tx, site, step, index, now);
  } catch (err) {
    // Name the item in errors that come from below (e.g. checkDestination's field).
    if (err instanceof ApiError && err.code === 400 && !err.message.includes('"redirects.'))
      throw badRequest(err.message.replace('body field "', `body field "redirects.${index}.`));
    throw err;
  }
}

async function applyStep(tx: SqlExecutor, site: RedirectSite, step: BulkStep, index: number, now: Date): Promise<BulkResult> {
  if (step.kind === 'publish') {
    const draft = await findRedirectByKey(tx, site.id, true, step.key);
    if (!draft) throw badRequest(`Invalid body field "redirects.${index}.source": no draft redirect has source ${step.source}`);
    const live = await findRedirectByKey(tx, site.id, false, step.key);
    if (live) await deleteRedirect(tx, site.id, live.id);
    const published = await updateRedirect(tx, site.id, draft.id, { ...draft, draft: false }, now);
    return { status: 'published', source: step.source, draft: false, id: published?.id ?? draft.id };
  }
  const existing = await findRedirectByKey(tx, site.id, step.draft, step.key);
  if (step.kind === 'delete') {
    if (existing) await deleteRedirect(tx, site.id, existing.id);
    return { status: 'deleted', source: step.source, draft: step.draft, ...(existing ? { id: existing.id } : {}) };
  }
  await checkDestination(tx, site.id, step.destination);
  const fields = upsertFields(step, existing);
  if (existing) {
    await updateRedirect(tx, site.id, existing.id, fields, now);
    return { status: 'updated', source: step.source, draft: step.draft, id: existing.id };
  }
  const created = await insertRedirect(tx, newId(), site.id, fields, now);
  return { status: 'created', source: step.source, draft: step.draft, id: created.id };
}
