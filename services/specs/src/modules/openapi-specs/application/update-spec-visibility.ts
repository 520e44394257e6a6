import type { Role } from '@quire/access';
import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { authorizeSpecs } from '../policies/openapi-spec.policy';
import { updateSpecVisibilityRow } from '../store/openapi-specs.store';
import type { OpenAPISpec, SpecVisibility } from '../model/openapi-spec';
import type { Caller, SpecDeps, SpecRef } from './deps';
import { specOrNotFound } from './get-spec';

/** PATCH: the spec's visibility; 404 when there is no spec with this slug. */
export async function updateSpecVisibility(
  deps: SpecDeps,
  caller: Caller,
  ref: SpecRef,
  visibility: SpecVisibility,
): Promise<{ spec: OpenAPISpec; role: Role }> {
  const role = await authorizeSpecs(deps, ref.organizationId, caller.userId, 'manage');
  const spec = await specOrNotFound(deps.db, ref);
  const now = deps.clock();
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateSpecVisibilityRow(tx, spec.id, visibility, now);
    await enqueueEvent(
      tx,
      outboxEvent(SPECS_TOPIC, spec.id, SpecEvent.specUpdated, { organizationId: spec.organizationId, specId: spec.id, visibility, updatedBy: caller.userId }),
      now,
    );
    return row;
  });
  return { spec: updated, role };
}
