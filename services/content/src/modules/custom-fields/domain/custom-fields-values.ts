import { badRequest, conflict, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { parseInput, z } from '@quire/input';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { deleteSpaceCustomFieldValue, lockSpaceForValues, upsertSpaceCustomFieldValue } from '../store/custom-field-values.store';
import { lockCustomFieldsByName } from '../store/custom-fields.store';
import type { CustomField } from '../model/custom-field';
import { isEmptyValue, valueSchemaFor } from './custom-fields-rules';

export interface SpaceCustomFieldsChange {
  /** Names of the fields given a value. */
  set: string[];
  /** Names of the fields whose value was cleared (null, "" or []). */
  cleared: string[];
}

/**
 * Applies PATCH /spaces/{spaceId}/custom-fields: all values or none. Each value must fit its
 * field's type and options (400 naming `values.<name>.value`); a name the organization has no
 * field for is a 400 naming it. Fields not in the body keep their values.
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

    const fields = await lockCustomFieldsByName(tx, space.organizationId, names);
    const unknown = names.find((name) => !fields.some((f) => f.name === name));
    if (unknown !== undefined) throw badRequest(`Invalid body field "values.${unknown}": the organization has no custom field named "${unknown}"`);
    const parsed = parseInput(valuesSchemaFor(fields), { values }).values;

    const change: SpaceCustomFieldsChange = { set: [], cleared: [] };
    for (const field of fields) {
      const value = parsed[field.name]?.value ?? null;
      if (value === null || isEmptyValue(value)) {
        await deleteSpaceCustomFieldValue(tx, space.id, field.id);
        change.cleared.push(field.name);
      } else {
        await upsertSpaceCustomFieldValue(tx, space.id, field.id, value, now);
        change.set.push(field.name);
      }
    }
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceCustomFieldsUpdated, { organizationId: space.organizationId, spaceId: space.id, ...change }),
      now,
    );
    return change;
  });
}

// The body as the organization's fields make it: one entry per field, each checked by its type.
function valuesSchemaFor(fields: CustomField[]) {
  const entries = fields.map(
    (field) =>
      [
        field.name,
        z
          .object({ value: valueSchemaFor(field) })
          .strict()
          .optional(),
      ] as const,
  );
  return z.object({ values: z.object(Object.fromEntries(entries)).strict() });
}
