import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { listDeliveryRows } from '../store/deliveries.store';
import type { Delivery } from '../model/delivery';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps, WebhookRef } from './deps';
import { getWebhook } from './get-webhook';

/** A page of one webhook's deliveries, newest first, with the webhook they belong to. */
export async function listDeliveries(
  deps: Pick<WebhookDeps, 'db' | 'membership'>,
  caller: Caller,
  ref: WebhookRef,
  page: PageRequest,
): Promise<{ webhook: Webhook; deliveries: Paged<Delivery> }> {
  const webhook = await getWebhook(deps, caller, ref);
  return { webhook, deliveries: await listDeliveryRows(deps.db, webhook.id, page) };
}
