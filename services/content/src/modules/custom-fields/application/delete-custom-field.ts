import { ContentEvent } from '@quire/contracts';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { customFieldNotFound } from '../domain/custom-fields';
import { countValuesOfField } from '../store/custom-field-values.store';
import { deleteCustomFieldRow, findCustomFieldByName } from '../store/custom-fields.store';
import { announceField } from './custom-field-events';

/** Deletes a custom field definition and its values (organization admins only); an unknown name is a 404. */
export async function deleteCustomField(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; fieldName: string },
): Promise<void> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'manageCustomFields');
  await deleteCustomFieldByName(db, input.organizationId, input.fieldName, clock());
}

/** The command of deleteCustomField: the definition and, with it, every space's value for it. */
export async function deleteCustomFieldByName(db: SqlDatabase, organizationId: string, name: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const field = await findCustomFieldByName(tx, organizationId, name, true);
    if (!field) throw customFieldNotFound(name);
    const removedValues = await countValuesOfField(tx, field.id);
    await deleteCustomFieldRow(tx, field.id);
    await announceField(tx, field, ContentEvent.customFieldDeleted, { removedValues }, now);
  });
}
