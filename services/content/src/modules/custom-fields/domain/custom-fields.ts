import { badRequest, conflict, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { newId } from '@quire/ids';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, type ContentEventData, outboxEvent } from '@quire/contracts';
import { countValuesOfField, pruneValuesToOptions } from '../store/custom-field-values.store';
import { deleteCustomField, findCustomFieldByName, insertCustomField, updateCustomField, type CustomFieldChanges } from '../store/custom-fields.store';
import type { CustomField } from '../model/custom-field';
import { isSelectType, type CustomFieldType } from './custom-fields-rules';

export function customFieldNotFound(name: string) {
  return notFound(`Custom field ${name} not found`);
}

export interface NewCustomFieldInput {
  name: string;
  type: CustomFieldType;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

/** Creates a definition; a name the organization already uses is a 409. */
export async function createCustomField(db: SqlDatabase, organizationId: string, input: NewCustomFieldInput, now: Date): Promise<CustomField> {
  return db.transaction(async (tx) => {
    const field = await insertCustomField(
      tx,
      {
        id: newId(),
        organizationId,
        name: input.name,
        type: input.type,
        title: input.title ?? '',
        description: input.description ?? '',
        placeholder: input.placeholder ?? '',
        options: input.options ?? null,
      },
      now,
    );
    if (!field) throw conflict(`Invalid body field "name": the organization already has a custom field named "${input.name}"`);
    await announceField(tx, field, ContentEvent.customFieldCreated, { type: field.type }, now);
    return field;
  });
}

/**
 * Applies a PATCH. New options of a select field take effect at once: stored values that are no
 * longer options are removed in the same transaction (a multiple choice keeps its other entries),
 * so every stored value always fits its field. The event counts the spaces whose value changed.
 */
export async function updateCustomFieldDefinition(
  db: SqlDatabase,
  organizationId: string,
  name: string,
  changes: CustomFieldChanges,
  now: Date,
): Promise<CustomField> {
  return db.transaction(async (tx) => {
    const existing = await findCustomFieldByName(tx, organizationId, name, true);
    if (!existing) throw customFieldNotFound(name);
    if (changes.options !== undefined && !isSelectType(existing.type)) {
      throw badRequest(`Invalid body field "options": a ${existing.type} field has no options (only select:single and select:multi fields do)`);
    }
    const fields = (Object.keys(changes) as (keyof CustomFieldChanges)[]).filter((k) => changes[k] !== undefined);
    if (fields.length === 0) return existing;
    const updated = await updateCustomField(tx, existing.id, changes, now);
    if (!updated) throw customFieldNotFound(name);
    const prunedSpaces = changes.options ? await pruneValuesToOptions(tx, existing.id, changes.options, now) : 0;
    await announceField(tx, updated, ContentEvent.customFieldUpdated, { fields, prunedSpaces }, now);
    return updated;
  });
}

/** Deletes a definition and, with it, every space's value for it. */
export async function deleteCustomFieldByName(db: SqlDatabase, organizationId: string, name: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const field = await findCustomFieldByName(tx, organizationId, name, true);
    if (!field) throw customFieldNotFound(name);
    const removedValues = await countValuesOfField(tx, field.id);
    await deleteCustomField(tx, field.id);
    await announceField(tx, field, ContentEvent.customFieldDeleted, { removedValues }, now);
  });
}

// Definition events are keyed by the field id and name the organization.
type CustomFieldEventType = typeof ContentEvent.customFieldCreated | typeof ContentEvent.customFieldUpdated | typeof ContentEvent.customFieldDeleted;
async function announceField<K extends CustomFieldEventType>(
  tx: SqlExecutor,
  field: CustomField,
  type: K,
  extra: Omit<ContentEventData<K>, 'organizationId' | 'customFieldId' | 'name'>,
  now: Date,
): Promise<void> {
  // TypeScript cannot see that adding the field completes the type's data; enqueueEvent checks it at run time.
  const data = { organizationId: field.organizationId, customFieldId: field.id, name: field.name, ...extra } as ContentEventData<K>;
  await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, field.id, type, data), now);
}
