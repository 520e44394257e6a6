import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace } from '../../spaces';
import { updateSpaceCustomFieldValues } from '../domain/custom-fields-values';

/** Sets a space's custom-field values, all or none (`edit` level on a live space). */
export async function updateSpaceCustomFields(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; values: Record<string, { value?: unknown }> },
): Promise<void> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'editCustomFields', 'live');
  await updateSpaceCustomFieldValues(db, space, input.values, clock());
}
