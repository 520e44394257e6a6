import type { AsyncService } from '@quire/platform/grpc';
import type { sites } from '@quire/proto';
import { issueOidcVisitorToken, readReaderSignIn } from '../application/reader-sign-in';
import type { SiteOidcDeps } from '../application/site-oidc-deps';

type ReaderSignInGrpcDeps = Pick<SiteOidcDeps, 'db' | 'serviceSecret' | 'urls' | 'clock'>;

const NOT_FOUND: sites.GetReaderSignInResponse = {
  found: false,
  configured: false,
  organizationId: '',
  siteId: '',
  siteBasePath: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: [],
  claims: [],
  authorizationEndpoint: '',
  tokenEndpoint: '',
  jwksUri: '',
  logoutUrl: '',
};

/** The reader's OIDC sign-in half of the Sites gRPC service (proto/quire/sites.proto). */
export function publishingAuthGrpc(deps: ReaderSignInGrpcDeps): Pick<AsyncService<sites.SitesServer>, 'getReaderSignIn' | 'issueVisitorToken'> {
  return {
    getReaderSignIn: async ({ url }) => {
      const signIn = await readReaderSignIn(deps, url);
      if (!signIn.found) return NOT_FOUND;
      const { oidc } = signIn;
      const site = {
        found: true,
        organizationId: signIn.organizationId,
        siteId: signIn.siteId,
        siteBasePath: signIn.siteBasePath,
        logoutUrl: signIn.logoutUrl ?? '',
      };
      if (!oidc) return { ...NOT_FOUND, ...site };
      return {
        ...site,
        configured: true,
        issuer: oidc.issuer,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: oidc.scopes,
        claims: oidc.claims,
        authorizationEndpoint: oidc.authorizationEndpoint,
        tokenEndpoint: oidc.tokenEndpoint,
        jwksUri: oidc.jwksUri,
      };
    },

    issueVisitorToken: async ({ organizationId, siteId, claimsJson, subject, expiresAtSeconds }) => {
      const claims = JSON.parse(claimsJson || '{}') as Record<string, unknown>;
      const visitor = { claims, expiresAt: new Date(Number(expiresAtSeconds) * 1000), ...(subject ? { subject } : {}) };
      return { token: await issueOidcVisitorToken(deps, { organizationId, siteId }, visitor) };
    },
  };
}
