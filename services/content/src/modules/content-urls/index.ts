// The content-urls module's face: getContentByUrl and getEmbedByUrl (reference tag `urls`) over the
// collections, spaces, change-requests and space-content faces, and sites' published-URL resolution.
export { contentUrlsRoutes } from './http/content-urls.routes';
