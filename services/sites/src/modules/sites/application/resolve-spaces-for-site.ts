import { badRequest } from '@quire/errors';
import type { SpaceToAttach } from '../domain/site-spaces';
import { fetchSpaces, type SpaceSource } from '../domain/space-embedder';

/**
 * The spaces a new site attaches, in request order (repeats dropped), checked with ONE GetSpaces
 * call: each must exist, not be deleted, belong to the organization and be readable by the caller;
 * otherwise a 400 naming `spaces`.
 */
export async function resolveSpacesForSite(
  content: SpaceSource,
  organizationId: string,
  spaceIds: readonly string[],
  userId: string,
): Promise<SpaceToAttach[]> {
  const wanted = [...new Set(spaceIds)];
  const catalog = await fetchSpaces(content, wanted, userId, organizationId);
  const missing = wanted.filter((id) => catalog.get(id)?.organization !== organizationId);
  if (missing.length > 0) {
    const named = missing.length > 5 ? `${missing.slice(0, 5).join(', ')} and ${missing.length - 5} more` : missing.join(', ');
    throw badRequest(`Invalid body field "spaces": no space ${named} in this organization that you can access`);
  }
  return wanted.map((id) => ({ id, title: catalog.get(id)?.title ?? '' }));
}
