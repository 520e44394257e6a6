import { newId } from '@quire/ids';
import type { SqlDatabase } from '@quire/platform/sql';
import { insertDeliveries, type NewDelivery } from '../store/deliveries.store';
import { receivingWebhooks } from '../store/webhooks.store';
import { subscribes, webhookEventsOf, type BusEvent } from '../domain/event-mapping';
import { DELIVERIES_SIGNAL } from '../domain/webhook-secrets';

/**
 * Schedules bus events for every receiving webhook of their organizations that subscribes to them,
 * due at once, in one statement. Idempotent: a delivery is unique per (webhook, event id), so the
 * same bus event read again (a redelivery, a rebalance between copies) adds nothing. Answers how
 * many it added.
 */
export async function scheduleDeliveries(db: SqlDatabase, busEvents: BusEvent | BusEvent[], now: Date): Promise<number> {
  const events = (Array.isArray(busEvents) ? busEvents : [busEvents]).flatMap(webhookEventsOf);
  if (events.length === 0) return 0;
  const webhooks = await receivingWebhooks(db, [...new Set(events.flatMap((e) => e.organizationIds))]);
  const deliveries: NewDelivery[] = [];
  for (const e of events) {
    for (const webhook of webhooks) {
      if (!e.organizationIds.includes(webhook.organizationId) || !subscribes(webhook, e)) continue;
      deliveries.push({ id: newId(), webhookId: webhook.id, eventId: e.eventId, eventType: e.type, payload: JSON.stringify(e.payload) });
    }
  }
  if (deliveries.length === 0) return 0;
  const added = await insertDeliveries(db, deliveries, now);
  // This copy's worker starts them at once; the others find them on their next look.
  if (added > 0) db.signal(DELIVERIES_SIGNAL);
  return added;
}
