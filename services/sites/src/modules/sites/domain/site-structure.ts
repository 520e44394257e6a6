import { badRequest } from '@quire/errors';
import { keyBetween, keyForAnchors, siblingKeysIn } from '@quire/ordering';

// What sections, section groups, external links and site spaces share: their place in one ordered sequence of
// siblings (application/structure-changes.ts takes the site lock and writes their events).

/** An item of one ordered sequence of the structure (a group's sections, a section's site spaces, …). */
export interface StructureSibling {
  kind: 'site-section' | 'site-section-group' | 'site-space' | 'site-external-link';
  id: string;
  position: string;
  /** Hidden site spaces (their space is deleted) keep their key but cannot be named in a position. */
  hidden?: boolean;
}

/** A sibling named in a `position` body (reference SiteSectionPointer, SiteSectionGroupPointer, SiteSpacePointer). */
export interface StructureAnchor {
  kind: StructureSibling['kind'];
  id: string;
}

export interface StructurePosition {
  before?: StructureAnchor;
  after?: StructureAnchor;
}

/**
 * The key that puts `itemId` at `position` among `siblings` (its sequence, itself included or
 * not), by the before/after rule content uses (keyForAnchors); no position: the end. An anchor
 * must name another visible item of the same sequence, else a 400 naming it.
 */
export async function keyForPosition(siblings: readonly StructureSibling[], itemId: string | null, position: StructurePosition | undefined): Promise<string> {
  const others = siblings.filter((s) => s.id !== itemId);
  const anchorKey = (anchor: StructureAnchor | undefined, field: string): string | null => {
    if (!anchor) return null;
    const sibling = others.find((s) => s.kind === anchor.kind && s.id === anchor.id && !s.hidden);
    if (!sibling) throw badRequest(`Invalid body field "${field}": ${anchor.kind} ${anchor.id} is not another item next to which this one can be placed`);
    return sibling.position;
  };
  const before = anchorKey(position?.before, 'position.before');
  const after = anchorKey(position?.after, 'position.after');
  return keyForAnchors(siblingKeysIn(others.map((s) => s.position)), { before, after });
}

/** Keys for `count` items appended, in order, after every key of `siblings`. */
export function keysAtEnd(siblings: readonly { position: string }[], count: number): string[] {
  const last = siblings.reduce<string | null>((max, s) => (max === null || s.position > max ? s.position : max), null);
  return keysBetween(last, null, count);
}

/** `count` ascending keys strictly between `after` and `before` (null: open end). */
export function keysBetween(after: string | null, before: string | null, count: number): string[] {
  const keys: string[] = [];
  let previous = after;
  while (keys.length < count) {
    previous = keyBetween(previous, before);
    keys.push(previous);
  }
  return keys;
}
