import { Router, type Response } from 'express';
import { notFound } from '@quire/errors';
import { route } from '@quire/platform/http';
import type { PublishedUrlDeps, PublishedUrlRequest } from '../application/deps';
import { resolvePublishedUrl } from '../application/resolve-published-url';
import { presentPublishedContent, presentPublishedRedirect } from '../presenters/published-content.presenter';
import { getPublishedUrlQuery, resolvePublishedUrlBody } from './published-urls.schema';

// Resolving a published URL (reference tag `urls`). Any authenticated caller may: the answer
// depends on the URL and the visitor's credentials in it (share key, visitor token), never on the
// caller's memberships, as GitBook's renderer calls it with its own token for every visitor. What
// it opens is what a visitor of that address sees; unpublished sites are 404 to members too (their
// preview is GET …/sites/{site}/published).
export function publishedUrlsRoutes(deps: PublishedUrlDeps): Router {
  const router = Router();
  const path = '/v1/urls/published';

  router.post(
    path,
    route({ body: resolvePublishedUrlBody }, async ({ body }, res) => {
      await answer(deps, { url: body.url, visitorToken: body.visitor?.jwtToken, redirectOnError: body.redirectOnError, tokenForm: 'compact' }, res);
    }),
  );

  router.get(
    path,
    route({ query: getPublishedUrlQuery }, async ({ query }, res) => {
      await answer(deps, { url: query.url, visitorToken: query.visitorAuthToken, redirectOnError: query.redirectOnError, tokenForm: 'compact' }, res);
    }),
  );

  return router;
}

async function answer(deps: PublishedUrlDeps, request: PublishedUrlRequest, res: Response): Promise<void> {
  const resolution = await resolvePublishedUrl(deps, request);
  // The reference answers 404 alone for unknown, unpublished and refused URLs alike.
  if (resolution.kind === 'not-found') throw notFound(resolution.reason);
  res.json(resolution.kind === 'content' ? presentPublishedContent(resolution.content) : presentPublishedRedirect(resolution));
}
