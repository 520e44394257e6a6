import type { ContentEventEnvelope } from '@quire/contracts';
import type { PublishedSpace } from '../model/published-space';
import type { EmbeddedSpace, SpaceCatalog } from './space-embedder';

// Sites' projection of the spaces they publish (table published_spaces): each space as content
// presents it to an anonymous reader, so resolving a published URL never asks content.

/** What a content event does to the projection: re-read the space from content, forget it, or nothing. */
export type ProjectionChange = { kind: 'refresh'; spaceId: string } | { kind: 'forget'; spaceId: string } | null;

/** Events that can change what a space shows (title, emoji, visibility, parent, organization, revision…). */
const REFRESHING: ReadonlySet<string> = new Set([
  'space.created',
  'space.updated',
  'space.deleted',
  'space.restored',
  'space.moved',
  'space.transferred',
  'space.custom-fields-updated',
  'change-request.merged',
  'space.gitsync-completed',
]);

/** The projection change an event asks for; every one names its space (events of one space come in order). */
export function projectionChangeOf(event: ContentEventEnvelope): ProjectionChange {
  if (event.type === 'space.purged') return { kind: 'forget', spaceId: event.data.spaceId };
  if (event.type === 'revision.created') return event.data.current ? { kind: 'refresh', spaceId: event.data.spaceId } : null;
  if (!REFRESHING.has(event.type)) return null;
  const data = event.data as { spaceId?: unknown };
  return typeof data.spaceId === 'string' ? { kind: 'refresh', spaceId: data.spaceId } : null;
}

/** A space as content's GetSpaces answered it (proto SpaceEntry), trusted as it is. */
export function publishedSpaceOf(entry: { id: string; organizationId: string; spaceJson: string }): PublishedSpace {
  const space = JSON.parse(entry.spaceJson) as EmbeddedSpace;
  return { spaceId: entry.id, organizationId: entry.organizationId, live: true, revision: typeof space.revision === 'string' ? space.revision : '', space };
}

/** A space content did not answer: gone, with no presentation. */
export function goneSpace(spaceId: string): PublishedSpace {
  return { spaceId, organizationId: '', live: false, revision: '', space: { id: spaceId, title: '' } };
}

/**
 * The catalog a site shows, in the order of `spaceIds` (the structure's): only live spaces of the
 * site's organization (a space transferred away leaves its former sites at once).
 */
export function catalogOf(projected: Iterable<PublishedSpace>, spaceIds: Iterable<string>, organizationId: string): SpaceCatalog {
  const byId = new Map([...projected].map((p) => [p.spaceId, p]));
  const catalog = new Map<string, EmbeddedSpace>();
  for (const id of spaceIds) {
    const found = byId.get(id);
    if (found?.live && found.organizationId === organizationId) catalog.set(id, found.space);
  }
  return catalog;
}
