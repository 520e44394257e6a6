import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, PublishedSpacesTable } from '../../../database';
import type { PresentedSpace, PublishedSpace } from '../model/published-space';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function publishedSpaceOfRow(row: Selectable<PublishedSpacesTable>): PublishedSpace {
  return { spaceId: row.space_id, organizationId: row.organization_id, live: row.live, revision: row.revision, space: row.space as PresentedSpace };
}

const rowOf = (space: PublishedSpace, now: Date) => ({
  space_id: space.spaceId,
  organization_id: space.organizationId,
  live: space.live,
  revision: space.revision,
  space: JSON.stringify(space.space),
  updated_at: now,
});

/** The projected spaces among `spaceIds` (one query); an id never projected is absent. */
export async function findPublishedSpaces(db: SqlExecutor, spaceIds: readonly string[]): Promise<PublishedSpace[]> {
  if (spaceIds.length === 0) return [];
  const rows = await table(db).selectFrom('published_spaces').selectAll().where('space_id', 'in', spaceIds).execute();
  return rows.map(publishedSpaceOfRow);
}

/**
 * Fills spaces read on first use. A space already there is left alone: the content-events
 * consumer may have written a later state between this caller's read of content and now.
 */
export async function insertPublishedSpacesIfAbsent(db: SqlExecutor, spaces: readonly PublishedSpace[], now: Date): Promise<void> {
  if (spaces.length === 0) return;
  await table(db)
    .insertInto('published_spaces')
    .values(spaces.map((s) => rowOf(s, now)))
    .onConflict((oc) => oc.column('space_id').doNothing())
    .execute();
}

/**
 * Writes the state content answered for a space event. A gone space keeps its last presentation
 * (a restore re-reads it anyway); only `live` and the revision say it is gone.
 */
export async function putPublishedSpace(tx: SqlExecutor, space: PublishedSpace, now: Date): Promise<void> {
  const row = rowOf(space, now);
  await table(tx)
    .insertInto('published_spaces')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('space_id')
        .doUpdateSet(
          space.live
            ? { organization_id: row.organization_id, live: true, revision: row.revision, space: row.space, updated_at: now }
            : { live: false, revision: '', updated_at: now },
        ),
    )
    .execute();
}

/** Forgets a purged space. */
export async function deletePublishedSpace(tx: SqlExecutor, spaceId: string): Promise<void> {
  await table(tx).deleteFrom('published_spaces').where('space_id', '=', spaceId).execute();
}

/** Whether sites follow a space: projected already, or shown by a site space (a later first use would fill it). */
export async function isSpaceFollowed(db: SqlExecutor, spaceId: string): Promise<boolean> {
  const projected = await table(db).selectFrom('published_spaces').select('space_id').where('space_id', '=', spaceId).executeTakeFirst();
  if (projected) return true;
  const placed = await table(db).selectFrom('site_spaces').select('id').where('space_id', '=', spaceId).limit(1).executeTakeFirst();
  return placed !== undefined;
}

/** The sites with a site space of the space, hidden ones included (a restore shows them again). */
export async function sitesShowingSpace(db: SqlExecutor, spaceId: string): Promise<{ siteId: string; organizationId: string }[]> {
  const rows = await table(db)
    .selectFrom('site_spaces as ss')
    .innerJoin('sites as s', 's.id', 'ss.site_id')
    .select(['s.id as siteId', 's.organization_id as organizationId'])
    .where('ss.space_id', '=', spaceId)
    .distinct()
    .execute();
  return rows;
}
