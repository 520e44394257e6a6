import { checkEndpointAddress } from '../domain/endpoint-address';
import { sealEndpoint } from '../domain/endpoint-credentials';
import { webhookNotFound } from '../domain/webhook-secrets';
import { authorizeWebhooks } from '../policies/webhooks.policy';
import { updateWebhookRow, type WebhookChanges } from '../store/webhooks.store';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps, WebhookRef } from './deps';

/** A webhook PATCH; a new URL is checked like a new webhook's and replaces the credentials too. */
export async function updateWebhook(deps: WebhookDeps, caller: Caller, ref: WebhookRef, changes: WebhookChanges, now: Date): Promise<Webhook> {
  await authorizeWebhooks(deps, ref.organizationId, caller.userId);
  if (changes.url !== undefined) await checkEndpointAddress(deps.policy, changes.url, deps.resolve);
  const events = changes.events && [...new Set(changes.events)];
  // A new URL replaces the credentials too: without any, the webhook has none any more.
  const endpoint = changes.url === undefined ? {} : sealEndpoint(deps.serviceSecret, changes.url);
  const webhook = await updateWebhookRow(deps.db, ref.organizationId, ref.webhookId, { ...changes, events, ...endpoint }, now);
  if (!webhook) throw webhookNotFound(ref.webhookId);
  return webhook;
}
