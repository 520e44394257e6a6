import { badRequest } from '@quire/errors';
import { chunks } from '@quire/helpers';
import type { ContentClient } from '@quire/platform/grpc';

// Site spaces embed the full Space object, which lives in the content service. Every response
// asks content for all of its spaces at once (GetSpaces) — never one call per item.

/** A Space object exactly as content answers GET /v1/spaces/{id} for the caller (reference schema Space). */
export interface EmbeddedSpace {
  id: string;
  title: string;
  [field: string]: unknown;
}

/** The spaces of one response by id; a space content did not return (deleted, not accessible) is absent. */
export type SpaceCatalog = ReadonlyMap<string, EmbeddedSpace>;

export type SpaceSource = Pick<ContentClient, 'getSpaces'>;

// Content's GetSpaces answers at most this many ids per call (content.grpc.ts); a response with
// more distinct spaces than that (1000 sections of one page, each with several site spaces) is
// the only one that takes a second call.
const MAX_SPACES_PER_CALL = 1000;

/** A space as content's GetSpaces answers it (proto SpaceEntry). */
export type SpaceEntry = Awaited<ReturnType<SpaceSource['getSpaces']>>['spaces'][number];

/**
 * Content's answers for `spaceIds` (distinct), in one GetSpaces call per 1000 ids; `onCall` is told
 * of each call (the projection counts them). Ids content does not answer are left out.
 */
export async function readSpaceEntries(content: SpaceSource, spaceIds: Iterable<string>, userId: string, onCall?: () => void): Promise<SpaceEntry[]> {
  const entries: SpaceEntry[] = [];
  for (const chunk of chunks([...new Set(spaceIds)], MAX_SPACES_PER_CALL)) {
    onCall?.();
    entries.push(...(await content.getSpaces({ spaceIds: chunk, userId })).spaces);
  }
  return entries;
}

/**
 * Fetches the spaces `userId` may see (readSpaceEntries). With `organizationId`, spaces of other
 * organizations are left out too: a space just transferred away leaves the site's responses at
 * once, before the content event removes its site spaces.
 */
export async function fetchSpaces(content: SpaceSource, spaceIds: Iterable<string>, userId: string, organizationId?: string): Promise<SpaceCatalog> {
  const catalog = new Map<string, EmbeddedSpace>();
  for (const entry of await readSpaceEntries(content, spaceIds, userId)) {
    if (organizationId !== undefined && entry.organizationId !== organizationId) continue;
    // Content's own presentation of the space: trusted as it is (proto/quire/content.proto, SpaceEntry).
    catalog.set(entry.id, JSON.parse(entry.spaceJson) as EmbeddedSpace);
  }
  return catalog;
}

/** The space ids of every site space of a response, for one fetchSpaces call. */
export function spaceIdsOf(siteSpaces: Iterable<{ spaceId: string }>): string[] {
  return [...siteSpaces].map((s) => s.spaceId);
}

/**
 * A space named in a body as the structure needs it (its title names new sections and paths),
 * fetched with the response's other spaces: the catalog is reused to present the response.
 * GetSpaces answers only spaces the caller can access, so this is the access check too: a space
 * that is missing, of another organization or not visible to the caller is a 400 naming `field`.
 */
export async function fetchSpaceForStructure(
  content: SpaceSource,
  organizationId: string,
  spaceId: string,
  userId: string,
  field: string,
): Promise<{ space: EmbeddedSpace; catalog: SpaceCatalog }> {
  const catalog = await fetchSpaces(content, [spaceId], userId, organizationId);
  const space = catalog.get(spaceId);
  if (!space) throw badRequest(`Invalid body field "${field}": no space ${spaceId} in this organization that you can access`);
  return { space, catalog };
}
