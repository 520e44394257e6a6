import type { Role } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import { specsPermissions } from '../policies/openapi-spec.policy';
import type { OpenAPISpec } from '../model/openapi-spec';

export const specPath = (spec: Pick<OpenAPISpec, 'organizationId' | 'slug'>) => `/orgs/${spec.organizationId}/openapi/${spec.slug}`;

/**
 * Reference schema OpenAPISpec: optional fields only when set. `lastProcessedErrorCount` (today's
 * client, 0.202.0, requires it) counts every error of the last processing, `lastProcessedErrors`
 * only the first ones.
 */
export function presentSpec(spec: OpenAPISpec, role: Role, urls: UrlBuilder) {
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.createdAt.toISOString(),
    updatedAt: spec.updatedAt.toISOString(),
    slug: spec.slug,
    ...(spec.sourceUrl ? { sourceURL: spec.sourceUrl } : {}),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...(spec.lastVersionId ? { lastVersion: spec.lastVersionId } : {}),
    ...(spec.lastProcessedAt ? { lastProcessedAt: spec.lastProcessedAt.toISOString() } : {}),
    ...(spec.lastErrorCode ? { lastProcessErrorCode: spec.lastErrorCode } : {}),
    ...(spec.lastErrors?.length ? { lastProcessedErrors: spec.lastErrors } : {}),
    lastProcessedErrorCount: spec.lastErrorCount ?? spec.lastErrors?.length ?? 0,
    permissions: specsPermissions(role),
    urls: { location: urls.api(specPath(spec)), app: urls.app(`/o/${spec.organizationId}/openapi/${spec.slug}`) },
  };
}
