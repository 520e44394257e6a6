import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { checkEndpointAddress } from '../domain/endpoint-address';
import { sealEndpoint } from '../domain/endpoint-credentials';
import { newSigningSecret } from '../domain/signing';
import { sealSigningSecret } from '../domain/webhook-secrets';
import { authorizeWebhooks } from '../policies/webhooks.policy';
import { countWebhooks, insertWebhook, lockOrganizationWebhooks } from '../store/webhooks.store';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps } from './deps';

export interface WebhookInput {
  url: string;
  events: string[];
  spaceIds?: string[] | null;
  siteIds?: string[] | null;
  description?: string | null;
  active?: boolean;
}

/** A new webhook and its signing secret, which is shown this once; 409 when the organization has its maximum. */
export async function createWebhook(
  deps: WebhookDeps,
  caller: Caller,
  organizationId: string,
  input: WebhookInput,
  now: Date,
): Promise<{ webhook: Webhook; secret: string }> {
  await authorizeWebhooks(deps, organizationId, caller.userId);
  await checkEndpointAddress(deps.policy, input.url, deps.resolve);
  const secret = newSigningSecret();
  const endpoint = sealEndpoint(deps.serviceSecret, input.url);
  const webhook = await deps.db.transaction(async (tx) => {
    await lockOrganizationWebhooks(tx, organizationId);
    if ((await countWebhooks(tx, organizationId)) >= deps.maxPerOrganization) {
      throw conflict(`Organization ${organizationId} already has ${deps.maxPerOrganization} webhooks, the most it may have: delete one first`);
    }
    return insertWebhook(
      tx,
      {
        id: newId(),
        organizationId,
        url: endpoint.url,
        credentialsSealed: endpoint.credentialsSealed,
        events: [...new Set(input.events)],
        spaceIds: input.spaceIds ?? null,
        siteIds: input.siteIds ?? null,
        description: input.description ?? null,
        active: input.active ?? true,
        secretSealed: sealSigningSecret(deps.serviceSecret, secret),
        createdBy: caller.userId,
      },
      now,
    );
  });
  return { webhook, secret };
}
