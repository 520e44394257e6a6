import { unauthorized } from '@quire/errors';
import type { AsyncService } from '@quire/platform/grpc';
import { deriveSecret } from '@quire/platform/secrets';
import type { specs } from '@quire/proto';
import { SITE_API_TOKEN_SECRET_PURPOSE, verifySiteApiToken } from '@quire/publishing';
import { readPublishedOperations, type PublishedOperationsDeps } from '../application/read-published-operations';

/**
 * Specs' read for the reader (proto/quire/specs.proto, GetPublishedOperations). The call carries the
 * site apiToken sites issued for the visitor's resolved URL, verified here as content and sites verify
 * it: its organization is the only one whose specs are read, so no site shows another organization's spec.
 */
export function publishedOperationsGrpc(
  deps: PublishedOperationsDeps & { internalSecret: string },
): Pick<AsyncService<specs.SpecsServer>, 'getPublishedOperations'> {
  const secret = deriveSecret(deps.internalSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  return {
    getPublishedOperations: async ({ apiToken, operations }) => {
      const check = await verifySiteApiToken(apiToken, secret);
      if (!check.ok) throw unauthorized(`Invalid site API token (${check.reason})`);
      return { operations: await readPublishedOperations(deps, check.claims.organization, operations) };
    },
  };
}
