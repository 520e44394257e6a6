// A site's OpenID Connect sign-in for readers (table `site_oidc`, a Quire extension). The client
// secret is only ever held sealed here; application opens it for the reader's gRPC call only.

/** The provider's endpoints as its discovery document named them. */
export interface OidcEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

export interface SiteOidcRecord extends OidcEndpoints {
  siteId: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  scopes: string[];
  claims: string[];
  updatedAt: Date;
}

/** What PUT …/publishing/auth/oidc takes. */
export interface SiteOidcInput {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  claims: string[];
}

/** The configuration as every answer shows it: never the secret. */
export type SiteOidcAnswer = Omit<SiteOidcRecord, 'clientSecretSealed'>;

/** An answer of the three routes: the configuration and the address to register with the provider. */
export interface SiteOidcView extends SiteOidcAnswer {
  /** The callback at the site's address; undefined while the site is unpublished. */
  redirectUri?: string;
}
