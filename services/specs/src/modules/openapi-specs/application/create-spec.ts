import type { Role } from '@quire/access';
import type { SpecSource } from '../domain/spec-sources';
import { insertNewSpec } from './accept-spec-source';
import { authorizeSpecs } from '../policies/openapi-spec.policy';
import type { OpenAPISpec } from '../model/openapi-spec';
import type { Caller, SpecDeps } from './deps';

/** A new spec; its document is fetched and checked by the processing job its source queues. */
export async function createSpec(
  deps: SpecDeps,
  caller: Caller,
  input: { organizationId: string; slug: string; source: SpecSource },
): Promise<{ spec: OpenAPISpec; role: Role }> {
  const role = await authorizeSpecs(deps, input.organizationId, caller.userId, 'manage');
  const now = deps.clock();
  const spec = await deps.db.transaction((tx) => insertNewSpec(tx, { ...input, callerId: caller.userId }, deps.schedule, now));
  return { spec, role };
}
