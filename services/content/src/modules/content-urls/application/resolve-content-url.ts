import { ApiError, badRequest, notFound } from '@quire/errors';
import { getChangeRequest } from '../../change-requests';
import { getCollection } from '../../collections';
import type { Caller, ContentDeps } from '../../revisions';
import { type PagePresenter, readPageByPath } from '../../space-content';
import { getSpace } from '../../spaces';
import type { ContentAtUrl } from '../model/content-at-url';
import { type AppTarget, parseAppUrl } from '../domain/app-url';

/**
 * getContentByUrl: an app link of Quire (a collection, a space, a change request, a revision, a page
 * of one of them), or a published site's page, which sites resolves as a visitor of that address
 * would; then each object is read as its own read would answer the caller (the same `read` checks,
 * so the same 404s). Anything else is a 404.
 */
export async function resolveContentUrl(deps: ContentDeps, caller: Caller, rawUrl: string, present: PagePresenter): Promise<ContentAtUrl> {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : null;
  if (!url || !/^https?:$/.test(url.protocol)) throw badRequest('Invalid query parameter "url": must be an absolute http(s) URL');
  const target = parseAppUrl(url, deps.urls.app('/')) ?? (await publishedTarget(deps, url));
  if (!target) throw notFound('No content at this URL');
  if (target.kind === 'collection') return { kind: 'collection', ...(await getCollection(deps, caller, target)) };
  const { space, level } = await getSpace(deps, caller, target);
  const changeRequest = target.changeRequestId
    ? (await getChangeRequest(deps, caller, { spaceId: space.id, changeRequestId: target.changeRequestId })).changeRequest
    : undefined;
  const page = target.pagePath
    ? await readPageByPath(
        deps,
        caller,
        { spaceId: space.id, changeRequestId: changeRequest?.id, revisionId: target.revisionId, pagePath: target.pagePath },
        { format: 'markdown', refs: 'relative' },
        present,
      )
    : undefined;
  return { kind: 'space', space, level, ...(changeRequest ? { changeRequest } : {}), ...(page !== undefined ? { page } : {}) };
}

/** The space and page path of a published site's URL, as sites resolves it for a visitor; null when it opens none. */
async function publishedTarget(deps: ContentDeps, url: URL): Promise<AppTarget | null> {
  const resolved = await deps.clients
    .sites()
    .resolvePublishedUrl({ url: url.toString(), visitorToken: '', redirectOnError: false })
    .catch((err: unknown) => {
      // A URL sites cannot parse as a published address opens nothing.
      if (err instanceof ApiError && err.code === 400) return null;
      throw err;
    });
  const content = resolved?.outcome === 'content' ? resolved.content : undefined;
  if (!content?.space) return null;
  return { kind: 'space', spaceId: content.space, pagePath: content.pathname };
}
