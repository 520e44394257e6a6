import type { Role } from '@quire/access';
import { ApiError } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SpecSource } from '../domain/spec-sources';
import { acceptSource, insertNewSpec } from './accept-spec-source';
import { outboxEvent, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { authorizeSpecs } from '../policies/openapi-spec.policy';
import { findSpecBySlug } from '../store/openapi-specs.store';
import type { OpenAPISpec } from '../model/openapi-spec';
import type { Caller, SpecDeps } from './deps';

/** PUT: creates the spec, or gives it a new source (a new version follows only if the content differs). */
export async function putSpec(
  deps: SpecDeps,
  caller: Caller,
  input: { organizationId: string; slug: string; source: SpecSource },
): Promise<{ spec: OpenAPISpec; created: boolean; role: Role }> {
  const role = await authorizeSpecs(deps, input.organizationId, caller.userId, 'manage');
  const { db, schedule } = deps;
  const now = deps.clock();
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const existing = await findSpecBySlug(tx, input.organizationId, input.slug, { forUpdate: true });
      if (!existing) return null;
      const kind = 'url' in input.source ? ('url' as const) : ('text' as const);
      const event = outboxEvent(SPECS_TOPIC, existing.id, SpecEvent.specSourceChanged, {
        organizationId: input.organizationId,
        specId: existing.id,
        kind,
        updatedBy: caller.userId,
      });
      await enqueueEvent(tx, event, now);
      return { spec: await acceptSource(tx, existing, input.source, schedule, now), created: false, role };
    });
    if (outcome) return outcome;
    try {
      const spec = await db.transaction((tx) => insertNewSpec(tx, { ...input, callerId: caller.userId }, schedule, now));
      return { spec, created: true, role };
    } catch (err) {
      // A concurrent PUT created it between the two transactions: update it instead.
      if (!(err instanceof ApiError && err.code === 409)) throw err;
    }
  }
}
