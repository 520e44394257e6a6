/**
 * The visibility a space keeps at the top level: `in-collection` only exists inside a collection,
 * so a space taken out of one becomes `private` (the choice that exposes nothing new).
 */
export function visibilityAtTopLevel(visibility: string): string {
  return visibility === 'in-collection' ? 'private' : visibility;
}
