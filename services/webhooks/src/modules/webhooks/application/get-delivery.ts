import { notFound } from '@quire/errors';
import { attemptsOf, findDelivery } from '../store/deliveries.store';
import type { Delivery, DeliveryAttempt } from '../model/delivery';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps, WebhookRef } from './deps';
import { getWebhook } from './get-webhook';

/** One delivery of a webhook with its attempts; 404 when the webhook has no such delivery. */
export async function getDelivery(
  deps: Pick<WebhookDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: WebhookRef & { deliveryId: string },
): Promise<{ webhook: Webhook; delivery: Delivery; attempts: DeliveryAttempt[] }> {
  const webhook = await getWebhook(deps, caller, ref);
  const delivery = await findDelivery(deps.db, webhook.id, ref.deliveryId);
  if (!delivery) throw notFound(`Delivery ${ref.deliveryId} not found`);
  return { webhook, delivery, attempts: await attemptsOf(deps.db, delivery.id) };
}
