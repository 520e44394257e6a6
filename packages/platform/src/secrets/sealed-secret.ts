import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets a service must use again later (a Git remote's credentials while its job runs, a webhook's
// signing secret) are stored sealed: AES-256-GCM under a key derived from the service's own secret
// (INTERNAL_SECRET) and a purpose, so a database dump alone can neither read nor use them, and a value
// sealed for one purpose does not open for another.

const VERSION = 'v1';

function keyFor(serviceSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serviceSecret, 'quire-sealed-secret', purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(serviceSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serviceSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The plaintext of `sealSecret`'s output; throws when the value was tampered with or sealed under another key or purpose. */
export function openSecret(serviceSecret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(serviceSecret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A secret for one purpose derived from the service's own secret (HKDF-SHA256, 32 bytes, base64url):
 * several processes sharing INTERNAL_SECRET derive the same one without storing it, and a secret
 * derived for one purpose says nothing of another (e.g. `sites.api-token`, the key of published
 * sites' apiTokens, shared by sites, which signs, and the gateway, which verifies).
 */
export function deriveSecret(serviceSecret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', serviceSecret, 'quire-derived-secret', purpose, 32)).toString('base64url');
}
