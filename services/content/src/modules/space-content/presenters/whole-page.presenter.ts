import { stringifyWithRaw } from '@quire/platform/http';
import { type ContentUrls, presentPage, presentPageTree } from '../../revisions';
import type { PagePresenter } from '../model/page-presenter';

/**
 * A page as a page read answers it: the page with its subtree. Every read of a page's answer goes
 * through this one presenter, as the answers are cached whole by page (read-page-answer.ts).
 */
export const wholePage =
  ({ contentUrls }: { contentUrls: ContentUrls }): PagePresenter =>
  (page, loaded, body, space) =>
    stringifyWithRaw(presentPage(page, loaded.index, space, contentUrls, body, presentPageTree(loaded.index, space, contentUrls, page.id)));
