import type { ContentRef } from './document-nodes';

// Links to other spaces (a `page` or `anchor` reference with a `space`, a `space` reference) in the
// markdown Quire stores page bodies as. A relative path cannot name another space's page, so the
// link target is `quire-ref:space/{spaceId}[/page/{pageId}][#anchor]`: ids, so it survives renames
// and moves, and it reads back as the same reference (content's link resolution, the reader).

const PREFIX = 'quire-ref:space/';
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TARGET = /^quire-ref:space\/([A-Za-z0-9_-]{1,64})(?:\/page\/([A-Za-z0-9_-]{1,64}))?(?:#(.*))?$/;

/** The markdown link target of a reference to another space, or null when `ref` is none. */
export function spaceRefTarget(ref: unknown): string | null {
  if (typeof ref !== 'object' || ref === null) return null;
  const r = ref as Record<string, unknown>;
  const space = typeof r.space === 'string' && ID.test(r.space) ? r.space : null;
  if (!space) return null;
  if (r.kind === 'space') return `${PREFIX}${space}`;
  const page = typeof r.page === 'string' && ID.test(r.page) ? r.page : null;
  if (!page) return null;
  if (r.kind === 'page') return `${PREFIX}${space}/page/${page}`;
  if (r.kind === 'anchor' && typeof r.anchor === 'string' && r.anchor) return `${PREFIX}${space}/page/${page}#${encodeURIComponent(r.anchor)}`;
  return null;
}

/** The reference a `quire-ref:` link target names, or null when the target is not one. */
export function readSpaceRefTarget(target: string): (ContentRef & { space: string }) | null {
  const match = TARGET.exec(target.trim());
  if (!match) return null;
  const [, space, page, anchor] = match as unknown as [string, string, string | undefined, string | undefined];
  if (!page) return anchor === undefined ? { kind: 'space', space } : null;
  if (anchor === undefined || anchor === '') return { kind: 'page', page, space };
  try {
    return { kind: 'anchor', anchor: decodeURIComponent(anchor), page, space };
  } catch {
    return null;
  }
}
