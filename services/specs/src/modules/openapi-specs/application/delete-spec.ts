import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { authorizeSpecs } from '../policies/openapi-spec.policy';
import { deleteSpecRow, findSpecBySlug } from '../store/openapi-specs.store';
import type { Caller, SpecDeps, SpecRef } from './deps';

/** Deletes the spec with its sources and versions; 404 when there is none (the reference's 204 is not the spec's). */
export async function deleteSpec(deps: SpecDeps, caller: Caller, ref: SpecRef): Promise<void> {
  const { organizationId, specSlug: slug } = ref;
  await authorizeSpecs(deps, organizationId, caller.userId, 'manage');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const spec = await findSpecBySlug(tx, organizationId, slug, { forUpdate: true });
    if (!spec) throw notFound(`OpenAPI spec ${slug} not found`);
    await deleteSpecRow(tx, spec.id);
    await enqueueEvent(tx, outboxEvent(SPECS_TOPIC, spec.id, SpecEvent.specDeleted, { organizationId, specId: spec.id, slug, deletedBy: caller.userId }), now);
  });
}
