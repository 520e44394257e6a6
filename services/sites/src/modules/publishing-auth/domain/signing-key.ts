import { createHash } from 'node:crypto';
import { openSecret, sealSecret } from '@quire/platform/secrets';
import { generateVisitorSigningKey } from '@quire/publishing';

// The visitor-token signing key is sealed under the service's INTERNAL_SECRET with its own purpose
// (a value sealed for another purpose never opens as a signing key, and back).
const SIGNING_KEY_PURPOSE = 'sites.visitor-auth.signing-key';

/** A new random signing key, sealed: the plaintext never leaves this call except through openSigningKey. */
export function newSealedSigningKey(serviceSecret: string): string {
  return sealSecret(serviceSecret, SIGNING_KEY_PURPOSE, generateVisitorSigningKey());
}

export function openSigningKey(serviceSecret: string, sealed: string): string {
  return openSecret(serviceSecret, SIGNING_KEY_PURPOSE, sealed);
}

/**
 * What names a signing key in a site's access stamp: a hash of its sealed form, so a regenerated
 * key gives another stamp while the key itself never leaves this module.
 */
export function signingKeyFingerprint(sealed: string): string {
  return createHash('sha256').update(sealed, 'utf8').digest('base64url').slice(0, 22);
}
