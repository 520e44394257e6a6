import type { SiteReaderScope } from '@quire/access';
import { forbidden } from '@quire/errors';
import type { RouteMatch } from '../route-table';

// What a site reader (a published site's apiToken) may call: the reads GitBook's renderer makes
// for the spaces its token lists, and its own site's published profile, redirect
// lookup and search. Everything else is a 403, before anything is forwarded; the services check
// the scope again (their policies grant the reader `read` on those spaces and that site only).
const SPACE = '/v1/spaces/{spaceId}';
const REVISION = `${SPACE}/revisions/{revisionId}`;
const SITE = '/v1/orgs/{organizationId}/sites/{siteId}';

const SITE_READER_ROUTES = new Set<string>([
  `GET ${SPACE}`,
  ...['', '/pages', '/files', '/files/{fileId}', '/page/{pageId}', '/page/{pageId}/document', '/page/{pageId}/meta-links', '/path/{pagePath}'].map(
    (suffix) => `GET ${REVISION}${suffix}`,
  ),
  `GET ${SITE}/published`,
  `GET ${SITE}/structure`,
  `GET ${SITE}/redirect`,
  `POST ${SITE}/search`,
]);

/** 403 unless the route is one a site reader may call, on one of its spaces or its own site. */
export function authorizeSiteReader(scope: SiteReaderScope, route: RouteMatch): void {
  const { entry, params } = route;
  const refuse = () => forbidden(`A site API token may only read the published content of its site; it may not call ${entry.method} ${entry.path}`);
  if (!SITE_READER_ROUTES.has(`${entry.method} ${entry.path}`)) throw refuse();
  if (params.spaceId !== undefined && !scope.spaceIds.includes(params.spaceId)) throw refuse();
  if (params.siteId !== undefined && (params.siteId !== scope.siteId || params.organizationId !== scope.organizationId)) throw refuse();
}
