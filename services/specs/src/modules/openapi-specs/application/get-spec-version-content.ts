import { notFound } from '@quire/errors';
import type { OpenAPISpec } from '../model/openapi-spec';
import { findSpecVersionDocument } from '../store/spec-versions.store';
import type { OpenAPISpecVersionWithDocument } from '../model/spec-version';
import type { Caller, SpecDeps, SpecRef } from './deps';
import { getSpecVersion } from './get-spec-version';

/** The stored document of one version of a spec, for any member. */
export async function getSpecVersionContent(
  deps: Pick<SpecDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: SpecRef & { versionId: string },
): Promise<{ spec: OpenAPISpec; document: OpenAPISpecVersionWithDocument }> {
  const { spec, version } = await getSpecVersion(deps, caller, ref);
  const document = await findSpecVersionDocument(deps.db, version.id);
  if (!document) throw notFound(`Version ${ref.versionId} of OpenAPI spec ${spec.slug} not found`);
  return { spec, document };
}
