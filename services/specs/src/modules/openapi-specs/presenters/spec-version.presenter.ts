import { signUrlPath } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import type { OpenAPISpec } from '../model/openapi-spec';
import type { OpenAPISpecVersion, OpenAPISpecVersionWithDocument } from '../model/spec-version';
import { specPath } from './openapi-spec.presenter';

export const documentPath = (versionId: string) => `/openapi-documents/${versionId}`;

/**
 * Where the version's document can be read: its source URL, or a signed download URL of the
 * stored document (no bearer token needed until it expires).
 */
export function versionUrl(version: OpenAPISpecVersion, urls: UrlBuilder, secret: string, ttlSeconds: number): string {
  if (version.sourceUrl) return version.sourceUrl;
  return urls.app(signUrlPath(`/v1${documentPath(version.id)}`, secret, ttlSeconds));
}

/** Reference schema OpenAPISpecVersion. */
export function presentSpecVersion(spec: OpenAPISpec, version: OpenAPISpecVersion, urls: UrlBuilder, secret: string, ttlSeconds: number) {
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: version.createdAt.toISOString(),
    url: versionUrl(version, urls, secret, ttlSeconds),
    urls: { location: urls.api(`${specPath(spec)}/versions/${version.id}`) },
  };
}

/**
 * Reference schema OpenAPISpecContent: `filesystem` maps each file of the spec to its text (the
 * main document; external files are never fetched, so it is the only one). Today's client
 * (0.202.0) reads `urls` instead of `url`: the same address as `source`, and as `public` when the
 * spec is public (null for a private one), since it needs no token.
 */
export function presentSpecContent(
  spec: Pick<OpenAPISpec, 'visibility'>,
  version: OpenAPISpecVersionWithDocument,
  urls: UrlBuilder,
  secret: string,
  ttlSeconds: number,
) {
  const url = versionUrl(version, urls, secret, ttlSeconds);
  return {
    filesystem: { [version.fileName]: version.document },
    url,
    urls: { source: url, public: spec.visibility === 'public' ? url : null },
  };
}
