import { findWebhook } from '../store/webhooks.store';
import type { Webhook } from '../model/webhook';
import { webhookNotFound } from '../domain/webhook-secrets';
import { authorizeWebhooks } from '../policies/webhooks.policy';
import type { Caller, WebhookDeps, WebhookRef } from './deps';

/** The webhook, for an admin of its organization; 404 when it is another organization's. */
export async function getWebhook(deps: Pick<WebhookDeps, 'db' | 'membership'>, caller: Caller, ref: WebhookRef): Promise<Webhook> {
  await authorizeWebhooks(deps, ref.organizationId, caller.userId);
  const webhook = await findWebhook(deps.db, ref.organizationId, ref.webhookId);
  if (!webhook) throw webhookNotFound(ref.webhookId);
  return webhook;
}
