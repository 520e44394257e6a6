import { notFound } from '@quire/errors';
import { cachedText, type Caller, type ContentDeps, loadRevision, pageIn, readPageBody } from '../../revisions';
import { type ContentPath, readableRevisionId } from './read-content-revision';

/**
 * A document page's body as GitBook's JSONDocument alone (getPageDocumentInRevisionById), as JSON
 * text: converted in a worker thread like every page read, and cached per revision and page since
 * a revision never changes. A group or link page has no document: 404.
 */
export async function readPageDocument(deps: ContentDeps, caller: Caller, path: ContentPath & { pageId: string }): Promise<string> {
  const { space, revisionId } = await readableRevisionId(deps, caller, path);
  const key = `content:page-document:v1:${space.organizationId}:${space.id}:${revisionId}:${path.pageId}`;
  return cachedText(deps.cache, key, async () => {
    const loaded = await loadRevision(deps.db, deps.cache, space.id, revisionId);
    const page = pageIn(loaded, path.pageId);
    if (page.kind !== 'document') throw notFound(`Page ${path.pageId} is a ${page.kind} page and has no document`);
    const body = await readPageBody(deps.db, deps.conversions, loaded, page, 'document');
    return 'document' in body ? body.document.text : JSON.stringify({ object: 'document', data: {}, nodes: [] });
  });
}
