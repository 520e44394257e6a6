import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import type { OpenAPISpec } from '../model/openapi-spec';
import { findSpecVersion } from '../store/spec-versions.store';
import type { OpenAPISpecVersion } from '../model/spec-version';
import type { Caller, SpecDeps, SpecRef } from './deps';
import { getSpec } from './get-spec';

/** One version of a spec (`latest`: its last one), for any member. */
export async function getSpecVersion(
  deps: Pick<SpecDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: SpecRef & { versionId: string },
): Promise<{ spec: OpenAPISpec; version: OpenAPISpecVersion }> {
  const { spec } = await getSpec(deps, caller, ref);
  return { spec, version: await specVersionOf(deps.db, spec, ref.versionId) };
}

/** `latest` is the spec's last version; any other id must be one of the spec's versions. */
async function specVersionOf(db: SqlExecutor, spec: OpenAPISpec, versionId: string): Promise<OpenAPISpecVersion> {
  const id = versionId === 'latest' ? spec.lastVersionId : versionId;
  const version = id ? await findSpecVersion(db, spec.id, id) : null;
  if (!version)
    throw notFound(versionId === 'latest' ? `OpenAPI spec ${spec.slug} has no version yet` : `Version ${versionId} of OpenAPI spec ${spec.slug} not found`);
  return version;
}
