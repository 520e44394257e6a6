import { webhookNotFound } from '../domain/webhook-secrets';
import { authorizeWebhooks } from '../policies/webhooks.policy';
import { deleteWebhookRow } from '../store/webhooks.store';
import type { Caller, WebhookDeps, WebhookRef } from './deps';

/** Deletes a webhook with its deliveries; 404 when the organization has no such webhook. */
export async function deleteWebhook(deps: Pick<WebhookDeps, 'db' | 'membership'>, caller: Caller, ref: WebhookRef): Promise<void> {
  await authorizeWebhooks(deps, ref.organizationId, caller.userId);
  if (!(await deleteWebhookRow(deps.db, ref.organizationId, ref.webhookId))) throw webhookNotFound(ref.webhookId);
}
