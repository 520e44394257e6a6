// @quire/publishing: the pure rules of published content (GitBook's published-site model, client
// 0.202.0): redirect sources and their matcher, published-URL parsing, visitor tokens, the
// published-content API token and customization defaults. No database, no network: the sites
// service stores and serves, this library decides.

export * from './paths/path-normalizer';
export * from './redirects';
export * from './urls';
export { MAX_TOKEN_LENGTH, CLOCK_TOLERANCE_SECONDS, type TokenRefusal } from './jwt/hs256-token';
export * from './visitor-auth';
export * from './api-token';
export * from './customization';
