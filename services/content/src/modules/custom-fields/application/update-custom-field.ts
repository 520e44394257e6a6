import { ContentEvent } from '@quire/contracts';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { changedCustomFieldFields, customFieldNotFound, refuseOptionsOfNonSelect } from '../domain/custom-fields';
import { pruneValuesToOptions } from '../store/custom-field-values.store';
import { findCustomFieldByName, updateCustomFieldRow } from '../store/custom-fields.store';
import type { CustomField, CustomFieldChanges } from '../model/custom-field';
import { announceField } from './custom-field-events';

/** Changes a custom field definition (organization admins only); values no longer among its options go in the same transaction. */
export async function updateCustomField(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; fieldName: string; changes: CustomFieldChanges },
): Promise<CustomField> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'manageCustomFields');
  return updateCustomFieldDefinition(db, input.organizationId, input.fieldName, input.changes, clock());
}

/**
 * The command of updateCustomField. New options of a select field take effect at once: stored
 * values that are no longer options are removed in the same transaction (a multiple choice keeps
 * its other entries), so every stored value always fits its field. The event counts the spaces
 * whose value changed.
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
    refuseOptionsOfNonSelect(existing, changes);
    const fields = changedCustomFieldFields(changes);
    if (fields.length === 0) return existing;
    const updated = await updateCustomFieldRow(tx, existing.id, changes, now);
    if (!updated) throw customFieldNotFound(name);
    const prunedSpaces = changes.options ? await pruneValuesToOptions(tx, existing.id, changes.options, now) : 0;
    await announceField(tx, updated, ContentEvent.customFieldUpdated, { fields, prunedSpaces }, now);
    return updated;
  });
}
