import { ApiError, conflict, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { processSpecJob, SpecEvent, specEvent } from '../events/specs-events';
import { insertSpecSource } from '../store/spec-sources.store';
import {
  deleteSpec,
  findSpecBySlug,
  insertSpec,
  markSpecPending,
  updateSpecVisibility,
  type OpenAPISpec,
  type SpecVisibility,
} from '../store/openapi-specs.store';

/** Where a spec's document comes from: a URL fetched by the job, or the text itself. */
export type SpecSource = { url: string } | { text: string };

export interface SpecSchedule {
  /** Re-fetch URL-sourced specs this often; null: only when a PUT asks. */
  refreshIntervalMs: number | null;
}

/** Records the source and queues its processing job in the same transaction (outbox). */
async function acceptSource(tx: SqlExecutor, spec: OpenAPISpec, source: SpecSource, schedule: SpecSchedule, now: Date): Promise<OpenAPISpec> {
  const url = 'url' in source ? source.url : null;
  const stored = await insertSpecSource(tx, { id: newId(), specId: spec.id, url, text: 'text' in source ? source.text : null }, now);
  const nextRefreshAt = url && schedule.refreshIntervalMs ? new Date(now.getTime() + schedule.refreshIntervalMs) : null;
  const pending = await markSpecPending(tx, spec.id, { sourceId: stored.id, sourceUrl: url, nextRefreshAt }, now);
  await enqueueEvent(tx, processSpecJob({ organizationId: spec.organizationId, specId: spec.id, sourceId: stored.id }), now);
  return pending;
}

export async function createSpec(
  db: SqlDatabase,
  input: { organizationId: string; slug: string; source: SpecSource; callerId: string },
  schedule: SpecSchedule,
  now: Date,
): Promise<OpenAPISpec> {
  return db.transaction(async (tx) => {
    const created = await insertSpec(tx, { id: newId(), organizationId: input.organizationId, slug: input.slug, sourceUrl: null }, now);
    if (!created) throw conflict(`An OpenAPI spec with the slug "${input.slug}" already exists in this organization`);
    await enqueueEvent(
      tx,
      specEvent(SpecEvent.specCreated, { organizationId: input.organizationId, specId: created.id, slug: input.slug, createdBy: input.callerId }),
      now,
    );
    return acceptSource(tx, created, input.source, schedule, now);
  });
}

/** PUT: creates the spec, or gives it a new source (a new version follows only if the content differs). */
export async function putSpec(
  db: SqlDatabase,
  input: { organizationId: string; slug: string; source: SpecSource; callerId: string },
  schedule: SpecSchedule,
  now: Date,
): Promise<{ spec: OpenAPISpec; created: boolean }> {
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const existing = await findSpecBySlug(tx, input.organizationId, input.slug, { forUpdate: true });
      if (!existing) return null;
      await enqueueEvent(
        tx,
        specEvent(SpecEvent.specSourceChanged, {
          organizationId: input.organizationId,
          specId: existing.id,
          kind: 'url' in input.source ? 'url' : 'text',
          updatedBy: input.callerId,
        }),
        now,
      );
      return { spec: await acceptSource(tx, existing, input.source, schedule, now), created: false };
    });
    if (outcome) return outcome;
    try {
      return { spec: await createSpec(db, input, schedule, now), created: true };
    } catch (err) {
      // A concurrent PUT created it between the two transactions: update it instead.
      if (!(err instanceof ApiError && err.code === 409)) throw err;
    }
  }
}

/** A scheduled refresh: the same URL again, processed like a PUT of it. */
export async function refreshSpec(db: SqlDatabase, spec: OpenAPISpec, schedule: SpecSchedule, now: Date): Promise<void> {
  if (!spec.sourceUrl) return;
  const url = spec.sourceUrl;
  await db.transaction(async (tx) => {
    const current = await findSpecBySlug(tx, spec.organizationId, spec.slug, { forUpdate: true });
    if (current?.id !== spec.id || current.sourceUrl !== url) return;
    await acceptSource(tx, current, { url }, schedule, now);
  });
}

export async function changeSpecVisibility(db: SqlDatabase, spec: OpenAPISpec, visibility: SpecVisibility, callerId: string, now: Date): Promise<OpenAPISpec> {
  return db.transaction(async (tx) => {
    const updated = await updateSpecVisibility(tx, spec.id, visibility, now);
    await enqueueEvent(tx, specEvent(SpecEvent.specUpdated, { organizationId: spec.organizationId, specId: spec.id, visibility, updatedBy: callerId }), now);
    return updated;
  });
}

/** Deletes the spec with its sources and versions; 404 when there is none (the reference's 204 is not the spec's). */
export async function removeSpec(db: SqlDatabase, organizationId: string, slug: string, callerId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const spec = await findSpecBySlug(tx, organizationId, slug, { forUpdate: true });
    if (!spec) throw notFound(`OpenAPI spec ${slug} not found`);
    await deleteSpec(tx, spec.id);
    await enqueueEvent(tx, specEvent(SpecEvent.specDeleted, { organizationId, specId: spec.id, slug, deletedBy: callerId }), now);
  });
}
