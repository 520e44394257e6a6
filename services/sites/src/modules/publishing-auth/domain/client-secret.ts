import { openSecret, sealSecret } from '@quire/platform/secrets';

// The OIDC client secret is sealed under INTERNAL_SECRET with its own purpose, apart from the
// visitor-token signing key: one never opens as the other.
const CLIENT_SECRET_PURPOSE = 'sites.visitor-auth.oidc-client-secret';

export function sealClientSecret(serviceSecret: string, secret: string): string {
  return sealSecret(serviceSecret, CLIENT_SECRET_PURPOSE, secret);
}

export function openClientSecret(serviceSecret: string, sealed: string): string {
  return openSecret(serviceSecret, CLIENT_SECRET_PURPOSE, sealed);
}
