import { createHash } from 'node:crypto';

// The version stamp of what a published site's pages show: the reader keys its
// rendered answers by it, so a change to any input is a new key on every reader copy at once, with
// no invalidation to race (docs/reader.md, Fast and fresh).

/** Fields of an embedded space that no page shows and that change often (counters, the caller's rights, sync state). */
const UNSHOWN_SPACE_FIELDS = ['updatedAt', 'comments', 'changeRequests', 'changeRequestsOpen', 'changeRequestsDraft', 'permissions', 'gitSync'];

export interface SiteVersionInputs {
  /** The site row (title, visibility, addresses…). */
  site: unknown;
  /** The stored customization, null when none was set. */
  customization: unknown;
  /** Sections, section groups and site spaces (titles, order, default), as resolve loaded them. */
  structure: unknown;
  /** The spaces the site publishes by id, each with its published `revision`. */
  spaces: ReadonlyMap<string, Record<string, unknown>>;
}

/**
 * A hash over every input of a site's pages. The site, customization and structure are hashed
 * whole (a field added later is covered by default); spaces without the fields no page shows, so
 * opening a change request or a comment does not empty the site's cache. Spaces are taken in id
 * order: the stamp does not depend on the order content answered them in.
 */
export function siteVersionOf(inputs: SiteVersionInputs): string {
  const spaces = [...inputs.spaces.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, space]) => [id, Object.fromEntries(Object.entries(space).filter(([field]) => !UNSHOWN_SPACE_FIELDS.includes(field)))]);
  const text = JSON.stringify({ site: inputs.site, customization: inputs.customization ?? null, structure: inputs.structure, spaces });
  return createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 32);
}
