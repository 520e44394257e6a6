import type { StoredPage } from '../../../revisions';

// A page's own fields merge one by one: a field changed on one side only takes that change, the
// same change on both is taken once, two different changes conflict. The page's place (parent and
// sibling order) merges apart (merge-revisions.ts, sibling-order.ts).

export const MERGED_FIELDS = ['kind', 'title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'layout', 'target', 'body'] as const;
export type MergedField = (typeof MERGED_FIELDS)[number];

export interface FieldsMerge {
  /** The target's page with the merged fields; `body` holds the target's hash when `isBodyConflicting`. */
  page: StoredPage;
  /** Fields other than the body changed differently on both sides (the target's value is kept). */
  conflicting: MergedField[];
  /** The body changed differently on both sides: its text merges line by line. */
  isBodyConflicting: boolean;
}

/** `base` undefined: the page was added on both sides under the same id (no common ancestor). */
export function mergeFields(base: StoredPage | undefined, target: StoredPage, source: StoredPage): FieldsMerge {
  const page: StoredPage = { ...target };
  const conflicting: MergedField[] = [];
  let isBodyConflicting = false;
  for (const field of MERGED_FIELDS) {
    const [t, s] = [target[field], source[field]];
    if (sameValue(t, s) || (base && sameValue(base[field], s))) continue;
    if (base && sameValue(base[field], t)) setField(page, field, s);
    else if (field === 'body') isBodyConflicting = true;
    else conflicting.push(field);
  }
  return { page, conflicting, isBodyConflicting };
}

export function contentDiffers(a: StoredPage, b: StoredPage): boolean {
  for (const field of MERGED_FIELDS) if (!sameValue(a[field], b[field])) return true;
  return false;
}

/** Anything but the sibling order (which moves when a sibling is added) and the timestamps. */
export function pageEdited(before: StoredPage, after: StoredPage): boolean {
  return before.parentId !== after.parentId || contentDiffers(before, after);
}

function setField<K extends MergedField>(page: StoredPage, field: K, value: StoredPage[K]): void {
  if (value === undefined) delete page[field];
  else page[field] = value;
}

/** Equality of JSON values (layouts and link targets are small objects); an absent key equals undefined. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const [ra, rb] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) if (!sameValue(ra[key], rb[key])) return false;
  return true;
}
