import { notFound } from '@quire/errors';
import type { BodyFormat, Caller, ContentDeps, MarkdownRefs } from '../../revisions';
import { type ContentPath, readContentRevision } from './read-content-revision';
import { pageAnswerIn, type PagePresenter } from './read-page-answer';

/** A path as a client may write it: `guides/install`, with or without slashes around it. */
export function normalizePagePath(pagePath: string): string {
  return pagePath.replace(/^\/+|\/+$/g, '');
}

/**
 * The page at a slug path of the revision a content path names (getPageByPath and its revision and
 * change-request forms), presented like a read by id. The reference answers a document or a group
 * page; a link page has neither a body nor a place in that answer, so its path is not found.
 */
export async function readPageByPath(
  deps: ContentDeps,
  caller: Caller,
  path: ContentPath & { pagePath: string },
  read: { format: BodyFormat; refs: MarkdownRefs },
  present: PagePresenter,
): Promise<string> {
  const { space, loaded } = await readContentRevision(deps, caller, path);
  const page = loaded.index.pageAt(normalizePagePath(path.pagePath));
  if (!page || page.kind === 'link') throw notFound(`No page at path "${path.pagePath}"`);
  return pageAnswerIn(deps, space, loaded.revision.id, page.id, read, present);
}
