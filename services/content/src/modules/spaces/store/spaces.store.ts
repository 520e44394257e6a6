import type { SpaceGitSync } from '../model/space-git-sync';
import type { Space, SpaceWithCounts } from '../model/space';
import type { SpaceChanges } from '../model/space-changes';
import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SpacesTable } from '../../../database';
import type { VisibleFilter } from '../../content-tree';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// The columns of `spaces` that a Space holds (`change_request_seq` is the store's own).
function spaceOf(row: Selectable<SpacesTable>): Space {
  return {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility,
    defaultLevel: row.default_level,
    editMode: row.edit_mode,
    position: row.position,
    revisionId: row.revision_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    iconUrl: row.icon_url,
  };
}

/** json_build_object answers timestamps as text. */
type GitSyncJson = Omit<SpaceGitSync, 'updatedAt' | 'lastExportAt'> & { updatedAt: string; lastExportAt: string | null };

/**
 * The counters of a space as SQL columns over the spaces row named `s` (an alias, or the table in
 * an INSERT's RETURNING); every query that returns a SpaceWithCounts selects them, so N spaces
 * still take one query (each count reads an index). `comments` counts the open comments on the
 * space's live content and on its change requests still in progress (open or draft).
 */
function countColumns(s: 's' | 'spaces') {
  const id = sql.ref(`${s}.id`);
  return [
    sql<number>`(SELECT count(*)::int FROM change_request_comments c LEFT JOIN change_requests cr ON cr.id = c.change_request_id
      WHERE c.space_id = ${id} AND c.resolved_at IS NULL AND (c.change_request_id IS NULL OR cr.status IN ('open', 'draft')))`.as('comments'),
    sql<number>`(SELECT count(*)::int FROM change_requests cr WHERE cr.space_id = ${id})`.as('change_requests'),
    sql<number>`(SELECT count(*)::int FROM change_requests cr WHERE cr.space_id = ${id} AND cr.status = 'open')`.as('change_requests_open'),
    sql<number>`(SELECT count(*)::int FROM change_requests cr WHERE cr.space_id = ${id} AND cr.status = 'draft')`.as('change_requests_draft'),
    sql<GitSyncJson | null>`(SELECT json_build_object('spaceId', g.space_id, 'remote', g.remote, 'ref', g.ref, 'repoName', g.repo_name,
      'provider', g.provider, 'treeUrl', g.tree_url, 'projectDirectory', g.project_directory, 'lastCommit', g.last_commit,
      'lastExportAt', g.last_export_at, 'updatedAt', g.updated_at) FROM space_git_sync g WHERE g.space_id = ${id})`.as('git_sync'),
  ] as const;
}

const withCounts = (db: SqlExecutor) => table(db).selectFrom('spaces as s').selectAll('s').select(countColumns('s'));

type SpaceWithCountsRow = Awaited<ReturnType<ReturnType<typeof withCounts>['executeTakeFirstOrThrow']>>;

function spaceWithCountsOf({ comments, change_requests, change_requests_open, change_requests_draft, git_sync, ...row }: SpaceWithCountsRow): SpaceWithCounts {
  return {
    ...spaceOf(row),
    comments,
    changeRequests: change_requests,
    changeRequestsOpen: change_requests_open,
    changeRequestsDraft: change_requests_draft,
    gitSync: git_sync && {
      ...git_sync,
      updatedAt: new Date(git_sync.updatedAt),
      lastExportAt: git_sync.lastExportAt ? new Date(git_sync.lastExportAt) : null,
    },
  };
}

/** A space by id, deleted ones included (callers decide what a deleted space means). */
export async function findSpace(db: SqlExecutor, id: string): Promise<Space | null> {
  const row = await table(db).selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? spaceOf(row) : null;
}

/** The same with its counters. */
export async function findSpaceWithCounts(db: SqlExecutor, id: string): Promise<SpaceWithCounts | null> {
  const row = await withCounts(db).where('s.id', '=', id).executeTakeFirst();
  return row ? spaceWithCountsOf(row) : null;
}

/** Spaces that are not deleted, by id, in one query; unknown ids are left out. */
export async function listLiveSpaceRows(db: SqlExecutor, ids: string[]): Promise<SpaceWithCounts[]> {
  if (ids.length === 0) return [];
  const rows = await withCounts(db).where('s.id', 'in', ids).where('s.deleted_at', 'is', null).execute();
  return rows.map(spaceWithCountsOf);
}

/**
 * An organization's spaces that are not deleted, in tree order: each space sorts by the ordering
 * keys from the top level down to it, joined with a space (below every key character), so a
 * collection's spaces come right after the collection and siblings keep their order.
 */
export async function listSpaceRowsInOrganization(
  db: SqlExecutor,
  organizationId: string,
  page: PageRequest,
  visible: VisibleFilter = { all: true },
): Promise<Paged<SpaceWithCounts>> {
  if ('only' in visible && visible.only.length === 0) return { rows: [], total: 0 };
  // `tree(id, sort_path)`: every collection of the organization with its keys from the top level
  // down (the same tree as collections.store's listing; a store reaches no other module).
  const query = table(db)
    .withRecursive('tree(id, sort_path)', (db) =>
      db
        .selectFrom('collections')
        .select(['id', sql<string>`position COLLATE "C"`.as('sort_path')])
        .where('organization_id', '=', organizationId)
        .where('parent_id', 'is', null)
        .unionAll((db) =>
          db
            .selectFrom('collections as c')
            .innerJoin('tree as t', 't.id', 'c.parent_id')
            .select(['c.id', sql<string>`(t.sort_path || ' ' || c.position) COLLATE "C"`.as('sort_path')]),
        ),
    )
    .selectFrom('spaces as s')
    .leftJoin('tree as t', 't.id', 's.parent_id')
    .selectAll('s')
    .select(countColumns('s'))
    .where('s.organization_id', '=', organizationId)
    .where('s.deleted_at', 'is', null)
    .$if('only' in visible, (qb) => qb.where('s.id', 'in', 'only' in visible ? visible.only : []))
    .$if('except' in visible, (qb) => qb.where('s.id', 'not in', 'except' in visible ? visible.except : []))
    .orderBy(sql`(COALESCE(t.sort_path || ' ', '') || s.position) COLLATE "C"`)
    .orderBy('s.id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(spaceWithCountsOf), total };
}

/** The spaces directly in a collection that are not deleted, in order. */
export async function listSpaceRowsInCollection(
  db: SqlExecutor,
  collectionId: string,
  page: PageRequest,
  visible: VisibleFilter = { all: true },
): Promise<Paged<SpaceWithCounts>> {
  if ('only' in visible && visible.only.length === 0) return { rows: [], total: 0 };
  const query = withCounts(db)
    .where('s.parent_id', '=', collectionId)
    .where('s.deleted_at', 'is', null)
    .$if('only' in visible, (qb) => qb.where('s.id', 'in', 'only' in visible ? visible.only : []))
    .$if('except' in visible, (qb) => qb.where('s.id', 'not in', 'except' in visible ? visible.except : []))
    .orderBy(sql`s.position COLLATE "C"`)
    .orderBy('s.id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(spaceWithCountsOf), total };
}

/** What a new space is made of; the rest (dates, deletion, icon) starts empty. */
export type NewSpace = Pick<
  Space,
  'id' | 'organizationId' | 'parentId' | 'title' | 'emoji' | 'visibility' | 'defaultLevel' | 'editMode' | 'position' | 'revisionId'
> & { createdBy: string };

export async function insertSpaceRow(db: SqlExecutor, space: NewSpace, now: Date): Promise<SpaceWithCounts> {
  const row = await table(db)
    .insertInto('spaces')
    .values({
      id: space.id,
      organization_id: space.organizationId,
      parent_id: space.parentId,
      title: space.title,
      emoji: space.emoji,
      visibility: space.visibility,
      default_level: space.defaultLevel,
      edit_mode: space.editMode,
      position: space.position,
      revision_id: space.revisionId,
      created_by: space.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .returning(countColumns('spaces'))
    .executeTakeFirstOrThrow();
  return spaceWithCountsOf(row);
}

/** Fields a PATCH may change; the store maps them to the columns of `spaces`. */
export type { SpaceChanges } from '../model/space-changes';

/** The column values of the changes that are present (undefined leaves a column as it is). */
const columnsOf = (changes: SpaceChanges) => ({
  title: changes.title,
  emoji: changes.emoji,
  icon_url: changes.iconUrl,
  edit_mode: changes.editMode,
  default_level: changes.defaultLevel,
  visibility: changes.visibility,
});

export async function updateSpaceRow(db: SqlExecutor, id: string, changes: SpaceChanges, now: Date): Promise<SpaceWithCounts | null> {
  const row = await table(db)
    .updateTable('spaces as s')
    .set({ ...columnsOf(changes), updated_at: now })
    .where('s.id', '=', id)
    .returningAll()
    .returning(countColumns('s'))
    .executeTakeFirst();
  return row ? spaceWithCountsOf(row) : null;
}

/** A new space with the settings of `sourceId` (title, emoji, icon, levels) at `placement`. */
export async function insertSpaceCopy(
  db: SqlExecutor,
  sourceId: string,
  copy: { id: string; revisionId: string; position: string; createdBy: string },
  now: Date,
): Promise<SpaceWithCounts> {
  const row = await table(db)
    .insertInto('spaces')
    .columns([
      'id',
      'organization_id',
      'parent_id',
      'title',
      'emoji',
      'icon_url',
      'visibility',
      'default_level',
      'edit_mode',
      'position',
      'revision_id',
      'created_by',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('spaces')
        .select([
          eb.val(copy.id).as('id'),
          'organization_id',
          'parent_id',
          'title',
          'emoji',
          'icon_url',
          'visibility',
          'default_level',
          'edit_mode',
          eb.val(copy.position).as('position'),
          eb.val(copy.revisionId).as('revision_id'),
          eb.val(copy.createdBy).as('created_by'),
          eb.val(now).as('created_at'),
          eb.val(now).as('updated_at'),
        ])
        .where('id', '=', sourceId),
    )
    .returningAll()
    .returning(countColumns('spaces'))
    .executeTakeFirstOrThrow();
  return spaceWithCountsOf(row);
}

/** Where a space sits: organization, parent collection, ordering key, and its visibility there. */
export interface SpacePlacement {
  organizationId: string;
  parentId: string | null;
  position: string;
  visibility: string;
}

export async function placeSpace(db: SqlExecutor, id: string, placement: SpacePlacement, now: Date): Promise<SpaceWithCounts | null> {
  const row = await table(db)
    .updateTable('spaces as s')
    .set({
      organization_id: placement.organizationId,
      parent_id: placement.parentId,
      position: placement.position,
      visibility: placement.visibility,
      updated_at: now,
    })
    .where('s.id', '=', id)
    .returningAll()
    .returning(countColumns('s'))
    .executeTakeFirst();
  return row ? spaceWithCountsOf(row) : null;
}

/** Marks a live space deleted; null when it was deleted already. */
export async function markSpaceDeleted(db: SqlExecutor, id: string, now: Date): Promise<SpaceWithCounts | null> {
  const row = await table(db)
    .updateTable('spaces as s')
    .set({ deleted_at: now, updated_at: now })
    .where('s.id', '=', id)
    .where('s.deleted_at', 'is', null)
    .returningAll()
    .returning(countColumns('s'))
    .executeTakeFirst();
  return row ? spaceWithCountsOf(row) : null;
}

/** Clears `deleted_at` of a space deleted after `cutoff`; null when it is not such a space. */
export async function restoreSpaceDeletedAfter(db: SqlExecutor, id: string, cutoff: Date, now: Date): Promise<SpaceWithCounts | null> {
  const row = await table(db)
    .updateTable('spaces as s')
    .set({ deleted_at: null, updated_at: now })
    .where('s.id', '=', id)
    .where('s.deleted_at', '>', cutoff)
    .returningAll()
    .returning(countColumns('s'))
    .executeTakeFirst();
  return row ? spaceWithCountsOf(row) : null;
}
