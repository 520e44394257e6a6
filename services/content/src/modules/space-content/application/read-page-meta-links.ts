import { type Caller, type ContentDeps, pageIn } from '../../revisions';
import { type ContentPath, readContentRevision } from './read-content-revision';

/** The reference's `RevisionPageMetaLinks`: a page's canonical URL and its alternates (hreflang). */
export interface PageMetaLinks {
  canonical?: { kind: 'page'; page: string; space?: string } | { kind: 'url'; url: string };
  alternates: Array<{ kind: 'page'; page: string; space?: string } | { kind: 'url'; url: string }>;
}

/**
 * A page's meta links (listSpacePageMetaLinks and its revision and change-request forms). In the
 * reference they are SEO links a renderer writes into the page's head — `<link rel="canonical">` and
 * `<link rel="alternate">` to the same page elsewhere (GitBook: a canonical URL set on the page, the
 * page in other languages' site spaces) — not links between pages. Quire stores neither a page's
 * canonical URL nor page-level alternates, so a page has none: the renderer then uses its own URL.
 */
export async function readPageMetaLinks(deps: ContentDeps, caller: Caller, path: ContentPath & { pageId: string }): Promise<PageMetaLinks> {
  const { loaded } = await readContentRevision(deps, caller, path);
  pageIn(loaded, path.pageId);
  return { alternates: [] };
}
