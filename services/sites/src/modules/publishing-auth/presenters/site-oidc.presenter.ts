import type { SiteOidcView } from '../model/site-oidc';

/** A site's OIDC sign-in as its routes answer it: never the client secret. */
export function presentSiteOidc(oidc: SiteOidcView) {
  return {
    object: 'publishing-auth-oidc' as const,
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    scopes: oidc.scopes,
    claims: oidc.claims,
    endpoints: { authorization: oidc.authorizationEndpoint, token: oidc.tokenEndpoint, jwks: oidc.jwksUri },
    ...(oidc.redirectUri ? { redirectURI: oidc.redirectUri } : {}),
    updatedAt: oidc.updatedAt.toISOString(),
  };
}
