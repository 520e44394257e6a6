import { siteReaderId } from '@quire/access';
import { unauthorized } from '@quire/errors';
import { parseInput } from '@quire/input';
import { bind, type ServiceBinding } from '@quire/platform/grpc';
import { deriveSecret } from '@quire/platform/secrets';
import { content } from '@quire/proto';
import { SITE_API_TOKEN_SECRET_PURPOSE, verifySiteApiToken } from '@quire/publishing';
import type { Caller, ContentDeps, ContentUrls } from '../../revisions';
import { readPageDocument } from '../application/read-page-document';
import { readPublishedFileContent } from '../application/read-published-file-content';
import { readPublishedFileUrl } from '../application/read-published-file-url';
import { readPublishedMarkdown, readPublishedMarkdowns } from '../application/read-published-markdown';
import { readPublishedPagePaths } from '../application/read-published-page-paths';
import { readPublishedPages } from '../application/read-published-pages';
import { publishedPagesMarkdownRequest } from './published-markdown.schema';

/**
 * Content's published reads for the reader (proto/quire/content.proto, service ContentPublished).
 * The call carries the site `apiToken` sites issued with the resolved URL; it is verified here (the
 * key is derived from INTERNAL_SECRET, as the gateway does) and the read runs as that site reader,
 * so the same rule as the renderer's REST reads holds: only the spaces the site publishes, never a
 * change request.
 */
export function contentPublishedGrpc(deps: ContentDeps & { contentUrls: ContentUrls }): ServiceBinding[] {
  const secret = deriveSecret(deps.internalSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  const callerOf = async (token: string): Promise<Caller> => {
    const check = await verifySiteApiToken(token, secret);
    if (!check.ok) throw unauthorized(`Invalid site API token (${check.reason})`);
    const { organization, site, spaces } = check.claims;
    return { userId: siteReaderId({ organizationId: organization, siteId: site, spaceIds: spaces }) };
  };
  return [
    bind<content.ContentPublishedServer>(content.ContentPublishedService, {
      getPublishedPages: async ({ apiToken, spaceId, revisionId }) => readPublishedPages(deps, await callerOf(apiToken), { spaceId, revisionId }),

      getPublishedPageDocument: async ({ apiToken, spaceId, revisionId, pageId }) => ({
        documentJson: await readPageDocument(deps, await callerOf(apiToken), { spaceId, revisionId: revisionId || undefined, pageId }),
      }),

      getPublishedFileUrl: async ({ apiToken, spaceId, revisionId, fileId }) => ({
        downloadUrl: await readPublishedFileUrl(deps, await callerOf(apiToken), { spaceId, revisionId: revisionId || undefined, fileId }),
      }),

      getPublishedFileContent: async ({ apiToken, spaceId, revisionId, blob }) =>
        readPublishedFileContent(deps, await callerOf(apiToken), { spaceId, revisionId: revisionId || undefined, blob }),

      getPublishedPageMarkdown: async ({ apiToken, spaceId, revisionId, pageId }) => ({
        markdown: await readPublishedMarkdown(deps, await callerOf(apiToken), { spaceId, revisionId: revisionId || undefined, pageId }),
      }),

      getPublishedPagePaths: async ({ apiToken, pages }) => ({
        pages: await readPublishedPagePaths(deps, await callerOf(apiToken), pages),
      }),
      getPublishedPagesMarkdown: async ({ apiToken, spaceId, revisionId, pageIds }) => {
        const input = parseInput(publishedPagesMarkdownRequest, { pageIds });
        return {
          pages: await readPublishedMarkdowns(deps, await callerOf(apiToken), { spaceId, revisionId: revisionId || undefined, pageIds: input.pageIds }),
        };
      },
    }),
  ];
}
