import { newSigningSecret } from '../domain/signing';
import { ROTATION_GRACE_MS, sealSigningSecret, webhookNotFound } from '../domain/webhook-secrets';
import { authorizeWebhooks } from '../policies/webhooks.policy';
import { findWebhook, replaceSecret } from '../store/webhooks.store';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps, WebhookRef } from './deps';

/** A new secret (shown this once); the current one keeps signing, as a second signature, for 24 h. */
export async function rotateWebhookSecret(deps: WebhookDeps, caller: Caller, ref: WebhookRef, now: Date): Promise<{ webhook: Webhook; secret: string }> {
  await authorizeWebhooks(deps, ref.organizationId, caller.userId);
  const current = await findWebhook(deps.db, ref.organizationId, ref.webhookId);
  if (!current) throw webhookNotFound(ref.webhookId);
  const secret = newSigningSecret();
  const webhook = await replaceSecret(
    deps.db,
    ref.organizationId,
    ref.webhookId,
    {
      sealed: sealSigningSecret(deps.serviceSecret, secret),
      previousSealed: current.secretSealed,
      previousExpiresAt: new Date(now.getTime() + ROTATION_GRACE_MS),
    },
    now,
  );
  if (!webhook) throw webhookNotFound(ref.webhookId);
  return { webhook, secret };
}
