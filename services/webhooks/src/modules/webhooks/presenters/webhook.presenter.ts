import type { UrlBuilder } from '@quire/urls';
import type { Webhook } from '../model/webhook';

export const webhookPath = (w: Pick<Webhook, 'organizationId' | 'id'>) => `/orgs/${w.organizationId}/webhooks/${w.id}`;

const iso = (date: Date | null) => date && date.toISOString();

/**
 * A webhook as its admins see it. The signing secret is never shown again after creation and
 * rotation (`presentWebhookWithSecret`); `disabledReason` says why delivery turned it off.
 */
export function presentWebhook(w: Webhook, urls: UrlBuilder, now: Date) {
  return {
    object: 'webhook' as const,
    id: w.id,
    organization: w.organizationId,
    url: w.url,
    events: w.events,
    spaceIds: w.spaceIds,
    siteIds: w.siteIds,
    description: w.description,
    active: w.active,
    disabledReason: w.disabledReason,
    disabledAt: iso(w.disabledAt),
    // Until then, requests carry a second signature made with the secret a rotation replaced.
    previousSecretExpiresAt: w.previousSecretExpiresAt && w.previousSecretExpiresAt > now ? w.previousSecretExpiresAt.toISOString() : null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    urls: { location: urls.api(webhookPath(w)), deliveries: urls.api(`${webhookPath(w)}/deliveries`) },
  };
}

/** Creation and rotation: the only answers that show the secret. */
export function presentWebhookWithSecret(w: Webhook, secret: string, urls: UrlBuilder, now: Date) {
  return { ...presentWebhook(w, urls, now), secret };
}
