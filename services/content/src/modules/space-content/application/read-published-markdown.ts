import { notFound } from '@quire/errors';
import { type Caller, type ContentDeps, pageIn, readPageBody } from '../../revisions';
import { type ContentPath, readContentRevision } from './read-content-revision';

/**
 * A document page's markdown as stored (links between pages relative, as in Git Sync), read as the
 * caller: the reader's `<page>.md` (ContentPublished.GetPublishedPageMarkdown). A group or link
 * page has none: 404.
 */
export async function readPublishedMarkdown(deps: ContentDeps, caller: Caller, path: ContentPath & { pageId: string }): Promise<string> {
  const { loaded } = await readContentRevision(deps, caller, path);
  const page = pageIn(loaded, path.pageId);
  if (page.kind !== 'document') throw notFound(`Page ${path.pageId} is a ${page.kind} page and has no markdown`);
  const body = await readPageBody(deps.db, deps.conversions, loaded, page, 'markdown');
  return 'markdown' in body ? body.markdown : '';
}
