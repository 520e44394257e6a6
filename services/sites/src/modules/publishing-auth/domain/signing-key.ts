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
