import type { BlobStore } from '@quire/platform/blobs';
import type { SqlExecutor } from '@quire/platform/sql';
import { PDF_LIMITS, type PdfSource } from '@quire/formats';
import { findBodies, pageIn, type LoadedRevision, childrenByParent, subtreeIds, type StoredPage } from '../../revisions';

// Where a revision's PDF comes from: its pages and bodies, and its image files' bytes. The layout
// is @quire/formats' `renderPdf`, run in a conversion thread (conversions.ts; images read by pdf-images.ts).

/**
 * What `renderPdf` needs from a revision: its pages in tree order (depth first), or the page asked
 * for (with its subpages when `subpages`), their bodies in one query, and its files as image bytes. Images outside the revision
 * (URLs) are never fetched: they keep their alt text.
 */
export async function revisionPdfSource(
  deps: { db: SqlExecutor; blobs: BlobStore },
  loaded: LoadedRevision,
  spaceTitle: string,
  only?: { pageId: string; subpages?: boolean },
): Promise<PdfSource> {
  const ordered = only ? selectedPages(loaded, only.pageId, only.subpages ?? false) : treeOrder(loaded.revision.tree.pages);
  const hashes = ordered.flatMap(({ page }) => (page.kind === 'document' && page.body ? [page.body] : []));
  const bodies = await findBodies(deps.db, hashes);
  const files = new Map(loaded.revision.tree.files.map((f) => [f.id, f]));
  return {
    title: spaceTitle,
    pages: ordered.map(({ page, depth }) => ({
      id: page.id,
      title: page.title,
      depth,
      markdown: page.kind === 'link' ? linkLine(loaded, page) : page.body ? (bodies.get(page.body) ?? '') : '',
    })),
    async image(target, fromPageId) {
      const resolved = loaded.index.resolve(target, fromPageId);
      const file = resolved.kind === 'file' ? files.get(resolved.file) : undefined;
      if (!file || file.size > PDF_LIMITS.imageBytes) return undefined;
      const bytes = await deps.blobs.get(file.blob);
      return bytes ? { bytes, contentType: file.contentType } : undefined;
    },
  };
}

/** One page, or the page and its subpages in tree order (depths counted from it). */
function selectedPages(loaded: LoadedRevision, pageId: string, subpages: boolean): { page: StoredPage; depth: number }[] {
  const root = pageIn(loaded, pageId);
  if (!subpages) return [{ page: root, depth: 0 }];
  const inside = subtreeIds(loaded.revision.tree.pages, root.id);
  const ordered = treeOrder(loaded.revision.tree.pages).filter(({ page }) => inside.has(page.id));
  const rootDepth = ordered[0]?.depth ?? 0;
  return ordered.map(({ page, depth }) => ({ page, depth: depth - rootDepth }));
}

/** Pages depth first from the top level, siblings in order; pages no walk reaches come last. */
function treeOrder(pages: readonly StoredPage[]): { page: StoredPage; depth: number }[] {
  const children = childrenByParent(pages);
  const out: { page: StoredPage; depth: number }[] = [];
  const seen = new Set<string>();
  const pending: { page: StoredPage; depth: number }[] = [...(children.get(null) ?? [])].reverse().map((page) => ({ page, depth: 0 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (seen.has(next.page.id)) continue;
    seen.add(next.page.id);
    out.push(next);
    const depth = next.depth + 1;
    pending.push(...[...(children.get(next.page.id) ?? [])].reverse().map((page) => ({ page, depth })));
  }
  for (const page of pages) if (!seen.has(page.id)) out.push({ page, depth: 0 });
  return out;
}

/** A link page's body: one line naming where it points. */
function linkLine(loaded: LoadedRevision, page: StoredPage): string {
  const target = page.target;
  if (!target) return '';
  if (target.kind === 'url') return `Link: <${encodeURI(decodeSafe(target.url)).replace(/[<>]/g, encodeURIComponent)}>`;
  if (target.kind === 'file') return `Link to the file ${escapeMarkdown(loaded.revision.tree.files.find((f) => f.id === target.file)?.name ?? target.file)}`;
  if (target.kind === 'space') return 'Link to another space';
  const to = target.page ? loaded.index.page(target.page) : undefined;
  return `Link to the page ${escapeMarkdown(to?.title ?? target.page ?? '')}${target.kind === 'anchor' ? ` (#${escapeMarkdown(target.anchor)})` : ''}`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
