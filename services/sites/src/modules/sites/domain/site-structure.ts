import { badRequest, notFound } from '@quire/errors';
import { keyBetween, keyForAnchors, siblingKeysIn } from '@quire/ordering';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { outboxEvent, type SiteEventData, type SiteEventType, SITES_TOPIC } from '@quire/contracts';
import { lockSite } from '../store/sites.store';
import type { Site } from '../model/site';

// What sections, section groups and site spaces share: their place in one ordered sequence of
// siblings, the site lock every structure change takes, and the events they write.

/** An item of one ordered sequence of the structure (a group's sections, a section's site spaces, …). */
export interface StructureSibling {
  kind: 'site-section' | 'site-section-group' | 'site-space';
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

/**
 * Takes the site's lock for the rest of the transaction (structure changes of one site apply one
 * after the other, so keys, paths and defaults are computed from settled rows); 404 when the site
 * was deleted meanwhile.
 */
export async function lockStructure(tx: SqlExecutor, site: Pick<Site, 'id' | 'organizationId'>): Promise<void> {
  if (!(await lockSite(tx, site.organizationId, site.id))) throw notFound(`Site ${site.id} not found`);
}

/** Writes a structure event of the site to the outbox, in the caller's transaction. */
export async function announceStructure<K extends SiteEventType>(
  tx: SqlExecutor,
  site: Pick<Site, 'id' | 'organizationId'>,
  type: K,
  data: Omit<SiteEventData<K>, 'organizationId' | 'siteId'>,
  now: Date,
): Promise<void> {
  // TypeScript cannot see that adding the site completes the type's data; enqueueEvent checks it at run time.
  const full = { organizationId: site.organizationId, siteId: site.id, ...data } as SiteEventData<K> & { organizationId: string; siteId: string };
  await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, type, full), now);
}
