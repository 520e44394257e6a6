import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` is
// `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, computed by the reference
// library. While a rotated-out secret is still valid, a second `v1,…` signature follows, space
// separated, so receivers holding either secret verify.

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 24 random bytes in base64 (what the Standard Webhooks libraries read). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** The headers of one attempt; `secrets`: the current one first, then a previous one still valid. */
export function signatureHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
