import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeSpecs } from '../policies/openapi-spec.policy';
import { listSpecRows } from '../store/openapi-specs.store';
import type { OpenAPISpec } from '../model/openapi-spec';
import type { Caller, SpecDeps } from './deps';

export async function listSpecs(
  deps: Pick<SpecDeps, 'db' | 'membership'>,
  caller: Caller,
  organizationId: string,
  page: PageRequest,
): Promise<Paged<OpenAPISpec> & { role: Role }> {
  const role = await authorizeSpecs(deps, organizationId, caller.userId, 'read');
  return { ...(await listSpecRows(deps.db, organizationId, page)), role };
}
