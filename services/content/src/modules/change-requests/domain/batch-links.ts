import { rewriteTargets } from '@quire/formats';
import type { RevisionIndex } from '../../revisions';

// The links of a page body sent in a batch content edit (reference 0.202.0, updateChangeRequestContent),
// resolved against the change request's tree once the whole batch is applied, so that a page can link
// to one inserted after it, and written the way Quire stores every body: relative to the page's file
// (content-refs.ts). A page is linked by `/pages/<id>`, `/pages/<slug path>` (with `.md`, or
// `/README.md` for a page with subpages; `/pages/README.md` is the first page), a relative `.md`
// path or folder (`./sibling.md`, `../README.md`, `./section`), or a batch ref (`./<ref>.md`); a
// file by `/files/<id>` or a batch ref (`./<ref>`). External URLs and anchors are kept; a link that
// matches nothing becomes its plain text.

/** Pages and files the batch gave a `ref`, by ref. */
export type BatchRefs = Map<string, { page: string } | { file: string }>;

export function resolveBatchLinks(markdown: string, pageId: string, index: RevisionIndex, refs: BatchRefs): string {
  return rewriteTargets(markdown, (target, kind) => {
    const trimmed = target.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//') || trimmed.startsWith('#')) return undefined;
    const hashAt = trimmed.indexOf('#');
    const path = hashAt < 0 ? trimmed : trimmed.slice(0, hashAt);
    const anchor = hashAt < 0 ? undefined : trimmed.slice(hashAt + 1) || undefined;
    const toPage = (page: string) => index.relativeTarget(pageId, { page, ...(anchor ? { anchor } : {}) });
    const toFile = (fileId: string) => {
      const file = index.tree.files.find((f) => f.id === fileId);
      return file ? index.relativeTarget(pageId, { fileName: file.name }) : undefined;
    };

    const ref = refs.get(path.replace(/^\.\//, '').replace(/\.md$/i, '')) ?? refs.get(path.replace(/^\.\//, ''));
    if (ref) return 'page' in ref ? toPage(ref.page) : toFile(ref.file);
    const fileId = /^\/files\/([^/]+)$/.exec(path)?.[1];
    if (fileId) return toFile(fileId) ?? null;
    const pagePath = /^\/pages\/(.*)$/.exec(path)?.[1];
    if (pagePath !== undefined) {
      if (index.page(pagePath)) return toPage(pagePath);
      const first = index.tree.pages.find((p) => p.parentId === null);
      const found = /^(README\.md)?$/i.test(pagePath) ? (first ? { kind: 'page' as const, page: first.id } : undefined) : index.resolve(`/${pagePath}`, null);
      return found && (found.kind === 'page' || found.kind === 'anchor') && found.page ? toPage(found.page) : kind === 'image' ? undefined : null;
    }
    const found = index.resolve(trimmed, pageId);
    if (found.kind === 'page' || (found.kind === 'anchor' && found.page)) return toPage(found.page as string);
    if (found.kind === 'file') return toFile(found.file);
    return kind === 'image' ? undefined : null;
  });
}
