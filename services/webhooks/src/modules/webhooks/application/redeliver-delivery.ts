import { conflict, notFound } from '@quire/errors';
import { DELIVERIES_SIGNAL } from '../domain/webhook-secrets';
import { findDelivery, rescheduleDelivery } from '../store/deliveries.store';
import type { Delivery } from '../model/delivery';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps, WebhookRef } from './deps';
import { getWebhook } from './get-webhook';

/** Sends a delivery again at once, with a fresh retry schedule (same event id: receivers de-duplicate on it). */
export async function redeliverDelivery(
  deps: Pick<WebhookDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: WebhookRef & { deliveryId: string },
  now: Date,
): Promise<{ webhook: Webhook; delivery: Delivery }> {
  const webhook = await getWebhook(deps, caller, ref);
  if (!(await findDelivery(deps.db, webhook.id, ref.deliveryId))) throw notFound(`Delivery ${ref.deliveryId} not found`);
  if (!webhook.active) throw conflict(`Webhook ${webhook.id} is not active; turn it on (PATCH active: true) first`);
  const delivery = await deps.db.transaction(async (tx) => {
    const rescheduled = await rescheduleDelivery(tx, webhook.id, ref.deliveryId, now);
    if (!rescheduled) throw conflict(`Delivery ${ref.deliveryId} is being attempted now, or is not this webhook's`);
    tx.signal(DELIVERIES_SIGNAL);
    return rescheduled;
  });
  return { webhook, delivery };
}
