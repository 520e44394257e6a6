import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { conflict, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace } from '../../spaces';
import { planSpaceValues, type SpaceCustomFieldsChange } from '../domain/custom-fields-values';
import { deleteSpaceCustomFieldValue, lockSpaceForValues, upsertSpaceCustomFieldValue } from '../store/custom-field-values.store';
import { lockCustomFieldsByName } from '../store/custom-fields.store';

/** Sets a space's custom-field values, all or none (`edit` level on a live space). */
export async function updateSpaceCustomFields(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; values: Record<string, { value?: unknown }> },
): Promise<void> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'editCustomFields', 'live');
  await updateSpaceCustomFieldValues(db, space, input.values, clock());
}

/**
 * The command of updateSpaceCustomFields: all values or none, each checked against its field
 * (domain/custom-fields-values.ts) under the locks of the space and of those fields. Fields not in
 * the body keep their values.
 */
export async function updateSpaceCustomFieldValues(
  db: SqlDatabase,
  space: { id: string; organizationId: string },
  values: Record<string, { value?: unknown }>,
  now: Date,
): Promise<SpaceCustomFieldsChange> {
  const names = Object.keys(values);
  if (names.length === 0) return { set: [], cleared: [] };
  return db.transaction(async (tx) => {
    const current = await lockSpaceForValues(tx, space.id);
    if (!current || current.deletedAt) throw notFound(`Space ${space.id} not found`);
    if (current.organizationId !== space.organizationId) throw conflict(`Space ${space.id} was just transferred to another organization; try again`);

    const plan = planSpaceValues(await lockCustomFieldsByName(tx, space.organizationId, names), values);
    for (const field of plan.cleared) await deleteSpaceCustomFieldValue(tx, space.id, field.id);
    for (const { field, value } of plan.set) await upsertSpaceCustomFieldValue(tx, space.id, field.id, value, now);
    const change: SpaceCustomFieldsChange = { set: plan.set.map(({ field }) => field.name), cleared: plan.cleared.map((field) => field.name) };
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceCustomFieldsUpdated, { organizationId: space.organizationId, spaceId: space.id, ...change }),
      now,
    );
    return change;
  });
}
