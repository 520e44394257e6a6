import type { ContentRef, DocumentBlock, DocumentFragment, DocumentInline, DocumentLeaf, DocumentText } from '@quire/formats';

// Reading a stored document defensively: the types are @quire/formats' JSONDocument, but a page
// may come from anywhere (an API write, an import, a hostile test), so every field is checked
// before use and a node of the wrong shape is treated as unknown rather than trusted.

export type AnyNode = DocumentBlock | DocumentText | DocumentInline | DocumentFragment;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isBlock = (value: unknown): value is DocumentBlock => isObject(value) && value.object === 'block' && typeof value.type === 'string';
export const isText = (value: unknown): value is DocumentText => isObject(value) && value.object === 'text';
export const isInline = (value: unknown): value is DocumentInline => isObject(value) && value.object === 'inline' && typeof value.type === 'string';
export const isFragment = (value: unknown): value is DocumentFragment => isObject(value) && value.object === 'fragment';

/** A node's children, or none when `nodes` is not a list. */
export const childrenOf = (node: unknown): unknown[] => (isObject(node) && Array.isArray(node.nodes) ? node.nodes : []);

/** A block's fragments (only objects that are fragments). */
export const fragmentsOf = (node: unknown): DocumentFragment[] => (isObject(node) && Array.isArray(node.fragments) ? node.fragments.filter(isFragment) : []);

/** The fragment named `name` (`fragment` or `type`), e.g. an expandable's `expandable-title`. */
export const fragmentNamed = (node: unknown, name: string): DocumentFragment | undefined =>
  fragmentsOf(node).find((f) => f.fragment === name || f.type === name);

/** A text node's leaves that are leaves. */
export const leavesOf = (node: DocumentText): DocumentLeaf[] =>
  Array.isArray(node.leaves) ? node.leaves.filter((l): l is DocumentLeaf => isObject(l) && typeof l.text === 'string') : [];

/** The mark types of a leaf (strings only), and a colour mark's data. */
export function marksOf(leaf: DocumentLeaf): { types: Set<string>; color?: { text?: unknown; background?: unknown } } {
  const types = new Set<string>();
  let color: { text?: unknown; background?: unknown } | undefined;
  for (const mark of Array.isArray(leaf.marks) ? (leaf.marks as unknown[]) : []) {
    if (!isObject(mark) || typeof mark.type !== 'string') continue;
    types.add(mark.type);
    if (mark.type === 'color' && isObject(mark.data)) color = mark.data;
  }
  return { types, color };
}

export const dataOf = (node: unknown): Record<string, unknown> => (isObject(node) && isObject(node.data) ? node.data : {});

export const str = (data: Record<string, unknown>, key: string): string | undefined => (typeof data[key] === 'string' ? (data[key] as string) : undefined);

export const recordOf = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

/** A content reference, when `value` has a kind and the field that kind needs. */
const spaceOf = (value: Record<string, unknown>): { space?: string } => (typeof value.space === 'string' && value.space ? { space: value.space } : {});

export function refOf(value: unknown): ContentRef | undefined {
  if (!isObject(value) || typeof value.kind !== 'string') return undefined;
  switch (value.kind) {
    case 'url':
      return typeof value.url === 'string' ? { kind: 'url', url: value.url } : undefined;
    case 'page':
      return typeof value.page === 'string' ? { kind: 'page', page: value.page, ...spaceOf(value) } : undefined;
    case 'anchor':
      return typeof value.anchor === 'string'
        ? { kind: 'anchor', anchor: value.anchor, ...(typeof value.page === 'string' ? { page: value.page } : {}), ...spaceOf(value) }
        : undefined;
    case 'space':
      return typeof value.space === 'string' && value.space ? { kind: 'space', space: value.space } : undefined;
    case 'file':
      return typeof value.file === 'string' ? { kind: 'file', file: value.file } : undefined;
    default:
      return undefined;
  }
}
