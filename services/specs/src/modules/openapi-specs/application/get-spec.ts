import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { authorizeSpecs } from '../policies/openapi-spec.policy';
import { findSpecBySlug } from '../store/openapi-specs.store';
import type { OpenAPISpec } from '../model/openapi-spec';
import type { Caller, SpecDeps, SpecRef } from './deps';

/** A spec of the organization, for any member; 404 when there is none with this slug. */
export async function getSpec(deps: Pick<SpecDeps, 'db' | 'membership'>, caller: Caller, ref: SpecRef): Promise<{ spec: OpenAPISpec; role: Role }> {
  const role = await authorizeSpecs(deps, ref.organizationId, caller.userId, 'read');
  return { spec: await specOrNotFound(deps.db, ref), role };
}

export async function specOrNotFound(db: SqlExecutor, ref: SpecRef): Promise<OpenAPISpec> {
  const spec = await findSpecBySlug(db, ref.organizationId, ref.specSlug);
  if (!spec) throw notFound(`OpenAPI spec ${ref.specSlug} not found`);
  return spec;
}
