import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { createCustomField as insertCustomField, type NewCustomFieldInput } from '../domain/custom-fields';
import type { CustomField } from '../model/custom-field';

/** A new custom field definition: organization admins only. */
export async function createCustomField(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; field: NewCustomFieldInput },
): Promise<CustomField> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'manageCustomFields');
  return insertCustomField(db, input.organizationId, input.field, clock());
}
