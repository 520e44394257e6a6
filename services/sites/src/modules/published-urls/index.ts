// The published-urls module's face: resolving a published URL (reference
// resolvePublishedContentByUrl / getPublishedContentByUrl) for the HTTP API and the reader's gRPC.
// It uses the sites face (the site at an address, its structure), the redirects face (a live
// redirect of the path) and the publishing-auth face (visitor tokens).
export type { PublishedUrlDeps } from './application/deps';
export { publishedUrlsRoutes } from './http/published-urls.routes';
export { publishedUrlsGrpc } from './grpc/published-urls.grpc';
