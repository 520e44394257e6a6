import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { updateCustomFieldDefinition } from '../domain/custom-fields';
import type { CustomFieldChanges } from '../store/custom-fields.store';
import type { CustomField } from '../model/custom-field';

/** Changes a custom field definition (organization admins only); values no longer among its options go in the same transaction. */
export async function updateCustomField(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; fieldName: string; changes: CustomFieldChanges },
): Promise<CustomField> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'manageCustomFields');
  return updateCustomFieldDefinition(db, input.organizationId, input.fieldName, input.changes, clock());
}
