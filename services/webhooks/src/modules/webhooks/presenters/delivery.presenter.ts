import type { UrlBuilder } from '@quire/urls';
import type { Delivery, DeliveryAttempt } from '../model/delivery';

const iso = (date: Date | null) => date && date.toISOString();

/** One delivery in a webhook's log. */
export function presentDelivery(d: Delivery, organizationId: string, urls: UrlBuilder) {
  return {
    object: 'webhook-delivery' as const,
    id: d.id,
    webhook: d.webhookId,
    eventId: d.eventId,
    eventType: d.eventType,
    state: d.state,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastDurationMs: d.lastDurationMs,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
    createdAt: d.createdAt.toISOString(),
    urls: { location: urls.api(`/orgs/${organizationId}/webhooks/${d.webhookId}/deliveries/${d.id}`) },
  };
}

/** One delivery with the body it sends, the start of the last answer and every attempt. */
export function presentDeliveryDetail(d: Delivery, attempts: DeliveryAttempt[], organizationId: string, urls: UrlBuilder) {
  return {
    ...presentDelivery(d, organizationId, urls),
    request: { body: d.payload },
    response: d.lastAttemptAt === null ? null : { statusCode: d.lastStatusCode, body: d.lastResponse },
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      attemptedAt: a.attemptedAt.toISOString(),
      statusCode: a.statusCode,
      error: a.error,
      durationMs: a.durationMs,
    })),
  };
}
