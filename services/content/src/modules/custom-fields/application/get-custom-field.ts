import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { customFieldNotFound } from '../domain/custom-fields';
import { findCustomFieldByName } from '../store/custom-fields.store';
import type { CustomField } from '../model/custom-field';

/** One custom field definition by name (any member; 404 for a name the organization has no field for). */
export async function getCustomField(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; fieldName: string },
): Promise<CustomField> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'read');
  const field = await findCustomFieldByName(db, input.organizationId, input.fieldName);
  if (!field) throw customFieldNotFound(input.fieldName);
  return field;
}
