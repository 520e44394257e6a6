import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import type { Cache } from '@quire/platform/cache';
import { route } from '@quire/platform/http';
import { pageIn, type LoadedRevision, type ContentUrls } from '../../revisions';
import { changeRequestFileParams, changeRequestPageParams, changeRequestParams, fileParams, pageParams, spaceParams } from '../../space-content';
import type { ContentHttpDeps } from '../../shared';
import { readLinks, type LinksAppDeps } from '../application/read-links';
import { backlinkPages, filterLinks, linkStats, linksFromPage, type LinkGroup } from '../domain/link-groups';
import { presentLinkItem, presentPageLocation, type LinkPresentationContext } from '../presenters/link.presenter';
import { linkedObjects } from './link-answers';
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
 * backlinks of a page or a file. Members read; a non-member gets 404.
 */
export function linksRoutes(deps: LinksDeps): Router {
  const { contentUrls } = deps;
  const router = Router();
  const appDeps: LinksAppDeps = { ...deps, identity: () => deps.clients.identity(), appBase: deps.urls.app('') };

  /** The links of the revision the path names (application/read-links.ts), and what presenting them needs. */
  const linksOf = async (p: LinksPathParams, userId: string) => {
    const read = await readLinks(appDeps, { userId }, p);
    const { space, loaded, groups, brokenInBase } = read;
    const ctx: LinkPresentationContext = { spaceId: space.id, loaded, objects: linkedObjects(read, deps.urls), contentUrls, presentedPages: new Map() };
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
      const { ctx, groups } = await linksOf(params, principal.userId);
      res.json(linksAnswer(ctx, groups, query));
    }),
  );
  router.get(
    '/v1/spaces/:spaceId/change-requests/:changeRequestId/links',
    route({ params: changeRequestParams, query: changeRequestLinksQuery }, async ({ params, query, principal }, res) => {
      const { ctx, groups, brokenInBase } = await linksOf(params, principal.userId);
      res.json(linksAnswer(ctx, groups, query, brokenInBase));
    }),
  );

  for (const source of SOURCES) {
    router.get(
      `${source.base}/page/:pageId/links`,
      route({ params: source.pageParams, query: source.pageLinksQuery }, async ({ params, query, principal }, res) => {
        const { ctx, groups, brokenInBase, loaded } = await linksOf(params, principal.userId);
        pageIn(loaded, params.pageId);
        const own = linksFromPage(groups, params.pageId);
        res.json(linksAnswer(ctx, own, query, brokenInBase));
      }),
    );
    router.get(
      `${source.base}/page/:pageId/backlinks`,
      route({ params: source.pageParams, query: backlinksQuery }, async ({ params, query, principal }, res) => {
        const { ctx, groups, loaded } = await linksOf(params, principal.userId);
        pageIn(loaded, params.pageId);
        res.json(backlinksAnswer(ctx, backlinkPages(groups, { page: params.pageId }, treeOrder(loaded)), query));
      }),
    );
    router.get(
      `${source.base}/files/:fileId/backlinks`,
      route({ params: source.fileParams, query: backlinksQuery }, async ({ params, query, principal }, res) => {
        const { ctx, groups, loaded } = await linksOf(params, principal.userId);
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
