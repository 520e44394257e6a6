import { notFound } from '@quire/errors';
import type { content as contentProto } from '@quire/proto';
import { type Caller, type ContentDeps, findBodies, type LoadedRevision, pageIn, type StoredPage } from '../../revisions';
import { type ContentPath, readContentRevision } from './read-content-revision';

/** The most pages one batched markdown read names (ContentPublished.GetPublishedPagesMarkdown). */
export const MAX_MARKDOWN_PAGES_PER_READ = 200;
/** The most markdown one batched read answers: well under gRPC's 4 MiB message limit. */
export const MAX_MARKDOWN_BYTES_PER_READ = 2 * 1024 * 1024;
/** Bodies read from the database at once: a read stopped by the byte bound has not fetched the rest. */
const BODIES_PER_QUERY = 25;

/**
 * A document page's markdown as stored (links between pages relative, as in Git Sync), read as the
 * caller: the reader's `<page>.md` (ContentPublished.GetPublishedPageMarkdown). A group or link
 * page has none: 404.
 */
export async function readPublishedMarkdown(deps: ContentDeps, caller: Caller, path: ContentPath & { pageId: string }): Promise<string> {
  const [page] = await readPublishedMarkdowns(deps, caller, { ...path, pageIds: [path.pageId] });
  return page?.markdown ?? '';
}

/**
 * Many pages' markdown of one revision, as readPublishedMarkdown reads one (the same access check
 * and published-revision rule, once for all): the reader's `llms-full.txt`
 * (ContentPublished.GetPublishedPagesMarkdown). The markdown is stored as served, so no page is
 * converted: the revision comes from its cache, the bodies from a few queries. The answer is the
 * first pages asked for, in order, within `maxBytes` (the first one always).
 */
export async function readPublishedMarkdowns(
  deps: ContentDeps,
  caller: Caller,
  path: ContentPath & { pageIds: readonly string[] },
  maxBytes: number = MAX_MARKDOWN_BYTES_PER_READ,
): Promise<contentProto.PublishedPageMarkdown[]> {
  const { loaded } = await readContentRevision(deps, caller, path);
  const pages = path.pageIds.map((pageId) => documentPage(loaded, pageId));
  const answered: contentProto.PublishedPageMarkdown[] = [];
  let bytes = 0;
  for (let at = 0; at < pages.length; at += BODIES_PER_QUERY) {
    const chunk = pages.slice(at, at + BODIES_PER_QUERY);
    const bodies = await findBodies(
      deps.db,
      chunk.flatMap((page) => (page.body ? [page.body] : [])),
    );
    for (const page of chunk) {
      const markdown = page.body ? (bodies.get(page.body) ?? '') : '';
      const size = Buffer.byteLength(markdown);
      if (answered.length > 0 && bytes + size > maxBytes) return answered;
      answered.push({ pageId: page.id, markdown });
      bytes += size;
    }
  }
  return answered;
}

function documentPage(loaded: LoadedRevision, pageId: string): StoredPage {
  const page = pageIn(loaded, pageId);
  if (page.kind !== 'document') throw notFound(`Page ${pageId} is a ${page.kind} page and has no markdown`);
  return page;
}
