import { bind, type ServiceBinding } from '@quire/platform/grpc';
import { content } from '@quire/proto';
import type { PageReadDeps } from '../application/current-revision-of';
import { findPageByPath } from '../application/find-page-by-path';
import { listPagePathChanges } from '../application/list-page-path-changes';
import { readPagePaths } from '../application/read-page-paths';

/** Content's page reads for sites' redirects (proto/quire/content.proto, service ContentPages). */
export function contentPagesGrpc(deps: PageReadDeps): ServiceBinding[] {
  return [
    bind<content.ContentPagesServer>(content.ContentPagesService, {
      findPageByPath: async ({ spaceId, path }) => {
        const found = await findPageByPath(deps, { spaceId, path });
        if (!found.spaceExists) return { spaceExists: false, revisionId: '', pageId: '', path: '' };
        return { spaceExists: true, revisionId: found.revisionId, pageId: found.page?.id ?? '', path: found.page?.path ?? '' };
      },

      getPagePaths: async ({ spaceId, pageIds }) => {
        const found = await readPagePaths(deps, { spaceId, pageIds });
        return found.spaceExists ? found : { spaceExists: false, revisionId: '', pages: [] };
      },

      listPagePathChanges: async ({ spaceId, fromRevisionId, toRevisionId }) => ({
        changes: await listPagePathChanges(deps, { spaceId, fromRevisionId, toRevisionId }),
      }),
    }),
  ];
}
