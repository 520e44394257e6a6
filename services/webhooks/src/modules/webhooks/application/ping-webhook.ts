import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { PING_TYPE } from '../domain/event-mapping';
import { DELIVERIES_SIGNAL } from '../domain/webhook-secrets';
import { insertDelivery } from '../store/deliveries.store';
import type { Delivery } from '../model/delivery';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps, WebhookRef } from './deps';
import { getWebhook } from './get-webhook';

/** A `ping` event for this webhook alone, scheduled at once whatever its `events`. */
export async function pingWebhook(
  deps: Pick<WebhookDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: WebhookRef,
  now: Date,
): Promise<{ webhook: Webhook; delivery: Delivery }> {
  const webhook = await getWebhook(deps, caller, ref);
  if (!webhook.active) throw conflict(`Webhook ${webhook.id} is not active`);
  const eventId = newId();
  const payload = { eventId, type: PING_TYPE, webhookId: webhook.id, organizationId: webhook.organizationId };
  const delivery = await deps.db.transaction(async (tx) => {
    const inserted = await insertDelivery(tx, { id: newId(), webhookId: webhook.id, eventId, eventType: PING_TYPE, payload: JSON.stringify(payload) }, now);
    tx.signal(DELIVERIES_SIGNAL);
    return inserted;
  });
  return { webhook, delivery };
}
