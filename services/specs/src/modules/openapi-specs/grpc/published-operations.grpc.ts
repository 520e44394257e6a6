import { unauthorized } from '@quire/errors';
import type { AsyncService } from '@quire/platform/grpc';
import { deriveSecret } from '@quire/platform/secrets';
import type { specs } from '@quire/proto';
import { SITE_API_TOKEN_SECRET_PURPOSE, verifySiteApiToken } from '@quire/publishing';
import { readPublishedOpenApi, type PublishedOpenApiDeps } from '../application/read-published-openapi';

/**
 * Specs' read for the reader's OpenAPI blocks (proto/quire/specs.proto, GetPublishedOperations:
 * operations, schemas, webhooks, swagger operations). The call carries the site apiToken sites issued for
 * the visitor's resolved URL, verified here as content and sites verify it: its organization is the only
 * one whose specs are read, so no site shows another organization's spec.
 */
export function publishedOperationsGrpc(
  deps: PublishedOpenApiDeps & { internalSecret: string },
): Pick<AsyncService<specs.SpecsServer>, 'getPublishedOperations'> {
  const secret = deriveSecret(deps.internalSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  return {
    getPublishedOperations: async ({ apiToken, operations, schemas, webhooks, swaggerOperations }) => {
      const check = await verifySiteApiToken(apiToken, secret);
      if (!check.ok) throw unauthorized(`Invalid site API token (${check.reason})`);
      return readPublishedOpenApi(deps, check.claims.organization, { operations, schemas, webhooks, swaggerOperations });
    },
  };
}
