import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import type { Cache } from '@quire/platform/cache';
import { route } from '@quire/platform/http';
import { loadRevision, pageIn, type LoadedRevision } from '../../domain/content/read-content';
import {
  backlinkPages,
  brokenKeys,
  filterLinks,
  linkedSpaceIds,
  linkStats,
  linksFromPage,
  settleSpaceTargets,
  type LinkGroup,
} from '../../domain/links/link-groups';
import { loadLinkedObjects } from './link-answers';
import { revisionLinks } from '../../domain/links/revision-links';
import { authorizeSpace } from '../../policies/space.policy';
import { presentLinkItem, presentPageLocation, type LinkPresentationContext } from '../../presenters/link.presenter';
import type { ContentUrls } from '../../presenters/revision.presenter';
import { findChangeRequest } from '../../store/change-requests.store';
import type { ContentHttpDeps } from '../deps';
import {
  changeRequestFileParams,
  changeRequestPageParams,
  changeRequestParams,
  fileParams,
  pageParams,
  spaceParams,
} from '../space-content/space-content.schema';
import { backlinksQuery, changeRequestLinksQuery, changeRequestPageLinksQuery, LINKS_PAGE_SIZE, spaceLinksQuery, type LinksQuery } from './links.schema';

export type LinksDeps = ContentHttpDeps & { cache: Cache; contentUrls: ContentUrls };

type LinksPathParams = { spaceId: string; changeRequestId?: string };

const SOURCES = [
  { base: '/v1/spaces/:spaceId/content', params: spaceParams, pageParams, fileParams, pageLinksQuery: spaceLinksQuery },
  {
    base: '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    params: changeRequestParams,
    pageParams: changeRequestPageParams,
    fileParams: changeRequestFileParams,
    pageLinksQuery: changeRequestPageLinksQuery,
  },
] as const;

/**
 * Links of a space's content (main or a change request's revision) with their status, and the
 * backlinks of a page or a file (issue #13). Members read; a non-member gets 404.
 */
export function linksRoutes(deps: LinksDeps): Router {
  const { db, cache, membership, contentUrls } = deps;
  const router = Router();
  const appBase = deps.urls.app('');

  /** The space (checked for `read`), the revision the path names, its links, and what embedding them needs. */
  const readLinks = async (p: LinksPathParams, userId: string) => {
    const { space, level } = await authorizeSpace(db, membership, p.spaceId, userId, 'read');
    const changeRequest = p.changeRequestId ? await findChangeRequest(db, space.id, p.changeRequestId) : null;
    if (p.changeRequestId && !changeRequest) throw notFound(`Change request ${p.changeRequestId} not found`);
    const loaded = await loadRevision(db, cache, space.id, changeRequest?.revisionId ?? space.revisionId);
    const unsettled = await revisionLinks(db, cache, loaded, appBase);
    const objects = await loadLinkedObjects({ db, identity: deps.clients.identity(), urls: deps.urls }, userId, { space, level }, linkedSpaceIds(unsettled));
    const isVisible = (id: string) => objects.spaces.has(id);
    const groups = settleSpaceTargets(unsettled, isVisible);
    // A change request's links are compared with the space's current ones (stats.broken.changeRequest).
    const brokenInBase = changeRequest
      ? brokenKeys(settleSpaceTargets(await revisionLinks(db, cache, await loadRevision(db, cache, space.id, space.revisionId), appBase), isVisible))
      : undefined;
    const ctx: LinkPresentationContext = { spaceId: space.id, loaded, objects, contentUrls, presentedPages: new Map() };
    return { ctx, groups, brokenInBase, loaded };
  };

  const linksAnswer = (ctx: LinkPresentationContext, groups: LinkGroup[], query: LinksQuery, brokenInBase?: Set<string>) => {
    const page = pageRequest(query, LINKS_PAGE_SIZE);
    const filtered = filterLinks(groups, query.status, query.brokenContext === 'change-request' ? brokenInBase : undefined);
    const items = filtered.slice(page.offset, page.offset + page.limit).map((g) => presentLinkItem(ctx, g));
    return { ...listEnvelope(items, filtered.length, page), stats: linkStats(groups, brokenInBase) };
  };

  router.get(
    '/v1/spaces/:spaceId/links',
    route({ params: spaceParams, query: spaceLinksQuery }, async ({ params, query, principal }, res) => {
      const { ctx, groups } = await readLinks(params, principal.userId);
      res.json(linksAnswer(ctx, groups, query));
    }),
  );
  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/links',
    route({ params: changeRequestParams, query: changeRequestLinksQuery }, async ({ params, query, principal }, res) => {
      const { ctx, groups, brokenInBase } = await readLinks(params, principal.userId);
      res.json(linksAnswer(ctx, groups, query, brokenInBase));
    }),
  );

  for (const source of SOURCES) {
    router.get(
      `${source.base}/page/:pageId/links`,
      route({ params: source.pageParams, query: source.pageLinksQuery }, async ({ params, query, principal }, res) => {
        const { ctx, groups, brokenInBase, loaded } = await readLinks(params, principal.userId);
        pageIn(loaded, params.pageId);
        const own = linksFromPage(groups, params.pageId);
        res.json(linksAnswer(ctx, own, query, brokenInBase));
      }),
    );
    router.get(
      `${source.base}/page/:pageId/backlinks`,
      route({ params: source.pageParams, query: backlinksQuery }, async ({ params, query, principal }, res) => {
        const { ctx, groups, loaded } = await readLinks(params, principal.userId);
        pageIn(loaded, params.pageId);
        res.json(backlinksAnswer(ctx, backlinkPages(groups, { page: params.pageId }, treeOrder(loaded)), query));
      }),
    );
    router.get(
      `${source.base}/files/:fileId/backlinks`,
      route({ params: source.fileParams, query: backlinksQuery }, async ({ params, query, principal }, res) => {
        const { ctx, groups, loaded } = await readLinks(params, principal.userId);
        if (!loaded.revision.tree.files.some((f) => f.id === params.fileId)) throw notFound(`File ${params.fileId} not found`);
        res.json(backlinksAnswer(ctx, backlinkPages(groups, { file: params.fileId }, treeOrder(loaded)), query));
      }),
    );
  }

  return router;
}

function treeOrder(loaded: LoadedRevision): Map<string, number> {
  return new Map(loaded.index.tree.pages.map((p, i) => [p.id, i]));
}

function backlinksAnswer(ctx: LinkPresentationContext, pageIds: string[], query: { page?: number; limit?: number }) {
  const page = pageRequest(query, LINKS_PAGE_SIZE);
  const items = pageIds.slice(page.offset, page.offset + page.limit).map((id) => presentPageLocation(ctx, id));
  return listEnvelope(items, pageIds.length, page);
}
