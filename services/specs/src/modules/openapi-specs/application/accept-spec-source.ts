import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { outboxEvent, PROCESS_SPEC_JOB, SpecEvent, SPECS_JOBS_TOPIC, SPECS_TOPIC } from '@quire/contracts';
import type { SpecSchedule, SpecSource } from '../domain/spec-sources';
import type { OpenAPISpec } from '../model/openapi-spec';
import { insertSpec, markSpecPending } from '../store/openapi-specs.store';
import { insertSpecSource } from '../store/spec-sources.store';

// The state-change steps a spec's use cases share, each inside the caller's transaction.

/** Records the source and queues its processing job in the same transaction (outbox). */
export async function acceptSource(tx: SqlExecutor, spec: OpenAPISpec, source: SpecSource, schedule: SpecSchedule, now: Date): Promise<OpenAPISpec> {
  const url = 'url' in source ? source.url : null;
  const stored = await insertSpecSource(tx, { id: newId(), specId: spec.id, url, text: 'text' in source ? source.text : null }, now);
  const nextRefreshAt = url && schedule.refreshIntervalMs ? new Date(now.getTime() + schedule.refreshIntervalMs) : null;
  const pending = await markSpecPending(tx, spec.id, { sourceId: stored.id, sourceUrl: url, nextRefreshAt }, now);
  await enqueueEvent(
    tx,
    outboxEvent(SPECS_JOBS_TOPIC, spec.id, PROCESS_SPEC_JOB, { organizationId: spec.organizationId, specId: spec.id, sourceId: stored.id }),
    now,
  );
  return pending;
}

/** A new spec with its first source; 409 when the organization already has the slug. */
export async function insertNewSpec(
  tx: SqlExecutor,
  input: { organizationId: string; slug: string; source: SpecSource; callerId: string },
  schedule: SpecSchedule,
  now: Date,
): Promise<OpenAPISpec> {
  const created = await insertSpec(tx, { id: newId(), organizationId: input.organizationId, slug: input.slug, sourceUrl: null }, now);
  if (!created) throw conflict(`An OpenAPI spec with the slug "${input.slug}" already exists in this organization`);
  await enqueueEvent(
    tx,
    outboxEvent(SPECS_TOPIC, created.id, SpecEvent.specCreated, {
      organizationId: input.organizationId,
      specId: created.id,
      slug: input.slug,
      createdBy: input.callerId,
    }),
    now,
  );
  return acceptSource(tx, created, input.source, schedule, now);
}
