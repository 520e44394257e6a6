import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace } from '../../spaces';
import { listSpaceCustomFieldValues } from '../store/custom-field-values.store';
import type { CustomFieldWithValue } from '../model/custom-field';

/** A space's custom-field values (`read` level); a deleted space is as absent as one that never existed. */
export async function listSpaceCustomFields({ db, membership }: ContentAppDeps, caller: Caller, input: { spaceId: string }): Promise<CustomFieldWithValue[]> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'readCustomFields', 'live');
  return listSpaceCustomFieldValues(db, space.organizationId, space.id);
}
