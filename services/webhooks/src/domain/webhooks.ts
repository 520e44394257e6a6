import { conflict, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import type { OutboundAddressPolicy } from '@quire/platform/outbound';
import { openSecret, sealSecret } from '@quire/platform/secrets';
import type { SqlDatabase } from '@quire/platform/sql';
import { insertDelivery, rescheduleDelivery, type Delivery } from '../store/deliveries.store';
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  lockOrganizationWebhooks,
  replaceSecret,
  replaceUrlWithSealed,
  updateWebhook,
  webhooksWithCredentialsInUrl,
  type Webhook,
  type WebhookChanges,
} from '../store/webhooks.store';
import { checkEndpointAddress, type Resolve } from './endpoint-address';
import { sealEndpoint } from './endpoint-credentials';
import { PING_TYPE } from './event-mapping';
import { newSigningSecret } from './signing';

// The state changes of webhooks: one function each, one statement or transaction.

/** The HKDF purpose signing secrets are sealed under (packages/platform/src/secrets/sealed-secret.ts). */
const SECRET_PURPOSE = 'webhook-signing-secret';
/** How long a rotated-out secret keeps signing (a second signature). */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

export interface WebhookDeps {
  db: SqlDatabase;
  policy: OutboundAddressPolicy;
  /** INTERNAL_SECRET: the key of sealed secrets is derived from it. */
  serviceSecret: string;
  /** WEBHOOKS_MAX_PER_ORGANIZATION: creating one more is a 409. */
  maxPerOrganization: number;
  resolve?: Resolve;
}

export interface WebhookInput {
  url: string;
  events: string[];
  spaceIds?: string[] | null;
  siteIds?: string[] | null;
  description?: string | null;
  active?: boolean;
}

/** A new webhook and its signing secret, which is shown this once; 409 when the organization has its maximum. */
export async function createWebhook(
  deps: WebhookDeps,
  organizationId: string,
  input: WebhookInput,
  userId: string,
  now: Date,
): Promise<{ webhook: Webhook; secret: string }> {
  await checkEndpointAddress(deps.policy, input.url, deps.resolve);
  const secret = newSigningSecret();
  const endpoint = sealEndpoint(deps.serviceSecret, input.url);
  const webhook = await deps.db.transaction(async (tx) => {
    await lockOrganizationWebhooks(tx, organizationId);
    if ((await countWebhooks(tx, organizationId)) >= deps.maxPerOrganization) {
      throw conflict(`Organization ${organizationId} already has ${deps.maxPerOrganization} webhooks, the most it may have: delete one first`);
    }
    return insertWebhook(
      tx,
      {
        id: newId(),
        organizationId,
        url: endpoint.url,
        credentialsSealed: endpoint.credentialsSealed,
        events: [...new Set(input.events)],
        spaceIds: input.spaceIds ?? null,
        siteIds: input.siteIds ?? null,
        description: input.description ?? null,
        active: input.active ?? true,
        secretSealed: sealSecret(deps.serviceSecret, SECRET_PURPOSE, secret),
        createdBy: userId,
      },
      now,
    );
  });
  return { webhook, secret };
}

export async function changeWebhook(deps: WebhookDeps, organizationId: string, webhookId: string, changes: WebhookChanges, now: Date): Promise<Webhook> {
  if (changes.url !== undefined) await checkEndpointAddress(deps.policy, changes.url, deps.resolve);
  const events = changes.events && [...new Set(changes.events)];
  // A new URL replaces the credentials too: without any, the webhook has none any more.
  const endpoint = changes.url === undefined ? {} : sealEndpoint(deps.serviceSecret, changes.url);
  const webhook = await updateWebhook(deps.db, organizationId, webhookId, { ...changes, events, ...endpoint }, now);
  if (!webhook) throw webhookNotFound(webhookId);
  return webhook;
}

export async function removeWebhook(deps: Pick<WebhookDeps, 'db'>, organizationId: string, webhookId: string): Promise<void> {
  if (!(await deleteWebhook(deps.db, organizationId, webhookId))) throw webhookNotFound(webhookId);
}

/** A new secret (shown this once); the current one keeps signing, as a second signature, for 24 h. */
export async function rotateSecret(deps: WebhookDeps, organizationId: string, webhookId: string, now: Date): Promise<{ webhook: Webhook; secret: string }> {
  const current = await findWebhook(deps.db, organizationId, webhookId);
  if (!current) throw webhookNotFound(webhookId);
  const secret = newSigningSecret();
  const webhook = await replaceSecret(
    deps.db,
    organizationId,
    webhookId,
    {
      sealed: sealSecret(deps.serviceSecret, SECRET_PURPOSE, secret),
      previousSealed: current.secretSealed,
      previousExpiresAt: new Date(now.getTime() + ROTATION_GRACE_MS),
    },
    now,
  );
  if (!webhook) throw webhookNotFound(webhookId);
  return { webhook, secret };
}

/** The secrets that sign a webhook's requests now: the current one, then a rotated-out one still in its grace period. */
export function signingSecrets(
  serviceSecret: string,
  webhook: Pick<Webhook, 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const secrets = [openSecret(serviceSecret, SECRET_PURPOSE, webhook.secretSealed)];
  if (webhook.previousSecretSealed && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now) {
    secrets.push(openSecret(serviceSecret, SECRET_PURPOSE, webhook.previousSecretSealed));
  }
  return secrets;
}

/** A `ping` event for this webhook alone, scheduled at once whatever its `events`. */
export async function pingWebhook(deps: Pick<WebhookDeps, 'db'>, webhook: Webhook, now: Date): Promise<Delivery> {
  if (!webhook.active) throw conflict(`Webhook ${webhook.id} is not active`);
  const eventId = newId();
  const payload = { eventId, type: PING_TYPE, webhookId: webhook.id, organizationId: webhook.organizationId };
  return deps.db.transaction(async (tx) => {
    const delivery = await insertDelivery(tx, { id: newId(), webhookId: webhook.id, eventId, eventType: PING_TYPE, payload: JSON.stringify(payload) }, now);
    tx.signal(DELIVERIES_SIGNAL);
    return delivery;
  });
}

/** Sends a delivery again at once, with a fresh retry schedule (same event id: receivers de-duplicate on it). */
export async function redeliver(deps: Pick<WebhookDeps, 'db'>, webhook: Webhook, deliveryId: string, now: Date): Promise<Delivery> {
  if (!webhook.active) throw conflict(`Webhook ${webhook.id} is not active; turn it on (PATCH active: true) first`);
  return deps.db.transaction(async (tx) => {
    const delivery = await rescheduleDelivery(tx, webhook.id, deliveryId, now);
    if (!delivery) throw conflict(`Delivery ${deliveryId} is being attempted now, or is not this webhook's`);
    tx.signal(DELIVERIES_SIGNAL);
    return delivery;
  });
}

/**
 * Seals the credentials of URLs stored before migration 002 (SQL cannot: the key derives from
 * INTERNAL_SECRET). Run at every start; copies running it together write the same thing.
 */
export async function sealStoredCredentials(deps: Pick<WebhookDeps, 'db' | 'serviceSecret'>): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const rows = (await webhooksWithCredentialsInUrl(deps.db, 100)).filter((row) => !done.has(row.id));
    if (rows.length === 0) return done.size;
    for (const row of rows) {
      const endpoint = sealEndpoint(deps.serviceSecret, row.url);
      // An empty userinfo (`https://@host/`) has nothing to seal: the URL is only written without it.
      const url = endpoint.credentialsSealed === null ? new URL(row.url).toString() : endpoint.url;
      await replaceUrlWithSealed(deps.db, row.id, row.url, url, endpoint.credentialsSealed);
      done.add(row.id);
    }
  }
}

/** Raised by a commit that scheduled deliveries: this process's worker looks at once. */
export const DELIVERIES_SIGNAL = 'webhook-deliveries';

export const webhookNotFound = (webhookId: string) => notFound(`Webhook ${webhookId} not found`);
