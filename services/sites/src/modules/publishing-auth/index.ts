// The publishing-auth module's face: visitor authentication of `visitor-auth` sites (reference
// SitePublishingAuth): the site's sealed signing key and its URLs, and the check of a visitor's
// token against that key. A module of its own: it holds a secret the rest of sites never reads.
export type { PublishingAuthDeps } from './application/deps';
export { currentSigningKeyFingerprint, verifySiteVisitorToken } from './application/verify-site-visitor-token';
export { publishingAuthRoutes } from './http/publishing-auth.routes';
export type { SiteOidcDeps } from './application/site-oidc-deps';
export { siteOidcRoutes } from './http/site-oidc.routes';
export { publishingAuthGrpc } from './grpc/publishing-auth.grpc';
