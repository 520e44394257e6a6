import { outboxEvent, SiteEvent, SITES_TOPIC, type ContentEventEnvelope } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { Counter, type Registry } from 'prom-client';
import { catalogOf, goneSpace, projectionChangeOf, publishedSpaceOf } from '../domain/published-spaces';
import type { PublishedSpace } from '../model/published-space';
import { readSpaceEntries, type SpaceCatalog, type SpaceSource } from '../domain/space-embedder';
import {
  deletePublishedSpace,
  findPublishedSpaces,
  insertPublishedSpacesIfAbsent,
  isSpaceFollowed,
  putPublishedSpace,
  sitesShowingSpace,
} from '../store/published-spaces.store';

/** What the projection takes: its database, content (read at event time and on a space's first use), the clock, and optionally the metrics it counts content's reads on. */
export interface PublishedSpacesDeps {
  db: SqlExecutor;
  clients: { content(): SpaceSource };
  clock?: () => Date;
  metrics?: { registry: Registry };
}

const READS_METRIC = 'sites_published_space_reads_total';

/** Counts the GetSpaces calls the projection makes: `first-use` (a resolution filling a space never projected) or `event`. */
function countRead(deps: PublishedSpacesDeps, source: 'first-use' | 'event'): void {
  if (!deps.metrics) return;
  const { registry } = deps.metrics;
  const counter =
    (registry.getSingleMetric(READS_METRIC) as Counter<'source'> | undefined) ??
    new Counter({
      name: READS_METRIC,
      help: "Content GetSpaces calls of sites' published-space projection, by source (first-use, event)",
      labelNames: ['source'],
      registers: [registry],
    });
  counter.inc({ source });
}

/** The spaces as content presents them to an anonymous reader; an id content does not answer (deleted, purged, unknown) is gone. */
async function readFromContent(deps: PublishedSpacesDeps, spaceIds: readonly string[], source: 'first-use' | 'event'): Promise<PublishedSpace[]> {
  const entries = await readSpaceEntries(deps.clients.content(), spaceIds, '', () => countRead(deps, source));
  const answered = new Map(entries.map((entry) => [entry.id, publishedSpaceOf(entry)]));
  return [...new Set(spaceIds)].map((id) => answered.get(id) ?? goneSpace(id));
}

/**
 * The spaces a published site shows, from the projection in one query: only live spaces of the
 * site's organization, in the structure's order. A space never projected (a site space just
 * attached, data older than the projection) is read from content once and kept.
 */
export async function loadPublishedSpaces(deps: PublishedSpacesDeps, spaceIds: Iterable<string>, organizationId: string): Promise<SpaceCatalog> {
  const ids = [...new Set(spaceIds)];
  const projected = await findPublishedSpaces(deps.db, ids);
  const known = new Set(projected.map((p) => p.spaceId));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const read = await readFromContent(deps, missing, 'first-use');
    await insertPublishedSpacesIfAbsent(deps.db, read, (deps.clock ?? (() => new Date()))());
    projected.push(...read);
  }
  return catalogOf(projected, ids, organizationId);
}

/**
 * What a content event does to the projection, read before the consumer's transaction opens
 * (embedded mode runs every service's SQL on one session: a gRPC call from inside sites'
 * transaction would wait on it): the write to make in that transaction, or null. A space no
 * site shows and never projected is not followed; its first use reads it. Content is read at
 * event time, so the write is its latest state: a late event never writes older data.
 */
export async function projectionWriteOf(deps: PublishedSpacesDeps, event: ContentEventEnvelope): Promise<((tx: SqlExecutor) => Promise<void>) | null> {
  const change = projectionChangeOf(event);
  if (!change) return null;
  if (change.kind === 'forget') return (tx) => writeProjection(tx, change.spaceId, null);
  if (!(await isSpaceFollowed(deps.db, change.spaceId))) return null;
  const [space] = await readFromContent(deps, [change.spaceId], 'event');
  const now = (deps.clock ?? (() => new Date()))();
  return (tx) => writeProjection(tx, change.spaceId, { space: space as PublishedSpace, now });
}

/**
 * Writes (or, with null, forgets) a projected space, and tells each site showing it, in the same
 * transaction (`site.published-space-refreshed`): the reader's kept resolutions are invalidated by
 * content's event too, possibly before this write, and would keep what sites answered in between;
 * the site event comes after it. Called before the event's site-space rules, so the sites a
 * transfer or purge takes the space from are told as well.
 */
async function writeProjection(tx: SqlExecutor, spaceId: string, written: { space: PublishedSpace; now: Date } | null): Promise<void> {
  const sites = await sitesShowingSpace(tx, spaceId);
  if (written) await putPublishedSpace(tx, written.space, written.now);
  else await deletePublishedSpace(tx, spaceId);
  const live = written?.space.live ?? false;
  const revision = live ? (written?.space.revision ?? '') : '';
  for (const site of sites)
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.siteId, SiteEvent.sitePublishedSpaceRefreshed, { ...site, spaceId, live, revision }));
}
