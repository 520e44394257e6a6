import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { listCustomFieldRows } from '../store/custom-fields.store';
import type { CustomField } from '../model/custom-field';

/** The organization's custom field definitions: any member lists them (they label the spaces members see). */
export async function listCustomFields(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; page: PageRequest },
): Promise<Paged<CustomField>> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'read');
  return listCustomFieldRows(db, input.organizationId, input.page);
}
