import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { deleteCustomFieldByName } from '../domain/custom-fields';

/** Deletes a custom field definition and its values (organization admins only); an unknown name is a 404. */
export async function deleteCustomField(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; fieldName: string },
): Promise<void> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'manageCustomFields');
  await deleteCustomFieldByName(db, input.organizationId, input.fieldName, clock());
}
