import type { OidcEndpoints } from '../model/site-oidc';

// OpenID Connect Discovery 1.0 §4: the configuration lives at `<issuer>/.well-known/openid-configuration`
// and its `issuer` must equal the one asked (§4.3), else a document could speak for another issuer.

export const DISCOVERY_PATH = '/.well-known/openid-configuration';

export function discoveryUrlOf(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}${DISCOVERY_PATH}`;
}

/** The scopes every sign-in asks: `openid` first (an authorization request without it is no OIDC request). */
export function scopesOf(asked: readonly string[] | undefined): string[] {
  return ['openid', ...new Set((asked ?? []).filter((s) => s !== 'openid'))];
}

/** The endpoints of a discovery document, or why it is refused. */
export function readDiscovery(issuer: string, document: unknown): { ok: true; endpoints: OidcEndpoints } | { ok: false; message: string } {
  if (typeof document !== 'object' || document === null) return { ok: false, message: 'issuer: its discovery document is no JSON object' };
  const doc = document as Record<string, unknown>;
  if (doc.issuer !== issuer) return { ok: false, message: `issuer: the discovery document names issuer ${JSON.stringify(doc.issuer)}, not ${issuer}` };
  const names = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;
  for (const name of names) {
    const value = doc[name];
    if (typeof value !== 'string' || !/^https?:\/\//.test(value) || !URL.canParse(value)) {
      return { ok: false, message: `issuer: the discovery document has no valid ${name}` };
    }
  }
  return {
    ok: true,
    endpoints: { authorizationEndpoint: doc.authorization_endpoint as string, tokenEndpoint: doc.token_endpoint as string, jwksUri: doc.jwks_uri as string },
  };
}
