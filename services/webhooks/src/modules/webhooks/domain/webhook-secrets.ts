import { notFound } from '@quire/errors';
import { openSecret, sealSecret } from '@quire/platform/secrets';
import type { Webhook } from '../model/webhook';

// The rules webhooks' use cases and the delivery worker share: how signing secrets are sealed and
// which of them sign now, the signal that wakes the worker, the one "not found" answer.

/** The HKDF purpose signing secrets are sealed under (packages/platform/src/secrets/sealed-secret.ts). */
const SECRET_PURPOSE = 'webhook-signing-secret';
/** How long a rotated-out secret keeps signing (a second signature). */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

/** A signing secret sealed for storage (the key derives from INTERNAL_SECRET). */
export function sealSigningSecret(serviceSecret: string, secret: string): string {
  return sealSecret(serviceSecret, SECRET_PURPOSE, secret);
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

/** Raised by a commit that scheduled deliveries: this process's worker looks at once. */
export const DELIVERIES_SIGNAL = 'webhook-deliveries';

export const webhookNotFound = (webhookId: string) => notFound(`Webhook ${webhookId} not found`);
