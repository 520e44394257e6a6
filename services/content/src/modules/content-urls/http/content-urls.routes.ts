import { Router } from 'express';
import { route } from '@quire/platform/http';
import { answerChangeRequest } from '../../change-requests';
import type { ContentDeps, ContentUrls } from '../../revisions';
import { wholePage } from '../../space-content';
import { embedUrl } from '../application/embed-url';
import { resolveContentUrl } from '../application/resolve-content-url';
import { presentContentAtUrl, presentLinkEmbed } from '../presenters/content-at-url.presenter';
import { urlQuery } from './content-urls.schema';

// Reference tag `urls`: what a URL names (getContentByUrl) and how it embeds (getEmbedByUrl), for
// any authenticated caller; each object is read under its own read's rule.
export function contentUrlsRoutes(deps: ContentDeps & { contentUrls: ContentUrls }): Router {
  const router = Router();
  const present = wholePage(deps);

  router.get(
    '/v1/urls/content',
    route({ query: urlQuery }, async ({ query, principal }, res) => {
      const found = await resolveContentUrl(deps, principal, query.url, present);
      const changeRequest = found.kind === 'space' && found.changeRequest ? await answerChangeRequest(deps, found.changeRequest, found.space) : undefined;
      res.json(presentContentAtUrl(found, deps.urls, changeRequest));
    }),
  );

  router.get(
    '/v1/urls/embed',
    route({ query: urlQuery }, async ({ query, principal }, res) => {
      res.json(presentLinkEmbed(await embedUrl(deps, principal, query.url, present)));
    }),
  );

  return router;
}
