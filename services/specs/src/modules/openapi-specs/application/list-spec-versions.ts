import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { OpenAPISpec } from '../model/openapi-spec';
import { listSpecVersionRows } from '../store/spec-versions.store';
import type { OpenAPISpecVersion } from '../model/spec-version';
import type { Caller, SpecDeps, SpecRef } from './deps';
import { getSpec } from './get-spec';

/** A page of a spec's versions, for any member, with the spec they belong to. */
export async function listSpecVersions(
  deps: Pick<SpecDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: SpecRef,
  page: PageRequest,
): Promise<{ spec: OpenAPISpec; versions: Paged<OpenAPISpecVersion> }> {
  const { spec } = await getSpec(deps, caller, ref);
  return { spec, versions: await listSpecVersionRows(deps.db, spec.id, page) };
}
