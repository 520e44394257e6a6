// The visitor access face: what a visitor's request carries to reach a published site, its address
// (visitorUrlOf) and its credentials (share key, visitor JWT) in the URL or in cookies.
export {
  acceptedCredentials,
  cookiePath,
  credentialCookies,
  parseCookies,
  sitePathLocation,
  readVisitorAccess,
  SHARE_KEY_COOKIE,
  VISITOR_TOKEN_COOKIE,
  type VisitorAccess,
} from './domain/visitor-credentials';
export { visitorUrlOf } from './domain/visitor-url';
export { cookiePairs } from './domain/cookie-pairs';
