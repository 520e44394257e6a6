import { rewriteTargets } from '@quire/formats';
import type { RevisionIndex } from './content-refs';

// A stored body links with paths relative to its page's file (content-refs.ts): what today's
// client (0.202.0) calls `format.markdown.refs=relative`, the default. `stable` asks for the links
// by identifier instead: a page as `/pages/<id>` (its `#anchor` kept), a file as `/files/<id>` —
// the forms a batch content edit reads back (batch-links.ts), so a body read this way and written
// back links to the same pages and files wherever they move. URLs, in-page anchors and links that
// lead nowhere are left as written.

export function withStableRefs(markdown: string, pageId: string, index: RevisionIndex): string {
  return rewriteTargets(markdown, (target) => {
    if (target.trim().startsWith('#')) return undefined;
    const found = index.resolve(target, pageId);
    if (found.kind === 'page') return `/pages/${found.page}`;
    if (found.kind === 'anchor' && found.page) return `/pages/${found.page}#${found.anchor}`;
    if (found.kind === 'file') return `/files/${found.file}`;
    return undefined;
  });
}
