import type { Role, UrlBuilder } from '@quire/common';
import { specsPermissions } from '../policies/specs.policy';
import type { SpecRow } from '../store/openapi-specs.store';

export const specPath = (spec: Pick<SpecRow, 'organization_id' | 'slug'>) => `/orgs/${spec.organization_id}/openapi/${spec.slug}`;

/** Reference schema OpenAPISpec: optional fields only when set. */
export function presentSpec(spec: SpecRow, role: Role, urls: UrlBuilder) {
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.created_at.toISOString(),
    updatedAt: spec.updated_at.toISOString(),
    slug: spec.slug,
    ...(spec.source_url ? { sourceURL: spec.source_url } : {}),
    processingState: spec.processing_state,
    visibility: spec.visibility,
    ...(spec.last_version_id ? { lastVersion: spec.last_version_id } : {}),
    ...(spec.last_processed_at ? { lastProcessedAt: spec.last_processed_at.toISOString() } : {}),
    ...(spec.last_error_code ? { lastProcessErrorCode: spec.last_error_code } : {}),
    ...(spec.last_errors?.length ? { lastProcessedErrors: spec.last_errors } : {}),
    permissions: specsPermissions(role),
    urls: { location: urls.api(specPath(spec)), app: urls.app(`/o/${spec.organization_id}/openapi/${spec.slug}`) },
  };
}
