import type { SpaceGitSync } from '../model/space-git-sync';
import type { Space, SpaceWithCounts } from '../model/space';
import type { SpaceChanges } from '../model/space-changes';
import type { PageRequest } from '@quire/input';
import { assignmentsFor, insertedRow, type Paged, pagedRows, queryOne, queryRows, type SqlExecutor } from '@quire/platform/sql';
import { COLLECTION_TREE_CTE } from '../../content-tree';

// The columns of `spaces` that a Space holds (`change_request_seq` is the store's own).
interface SpaceRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  default_level: string;
  edit_mode: string;
  position: string;
  revision_id: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  icon_url: string | null;
}

/** The row of a SpaceWithCounts query: a spaces row and SPACE_COUNT_COLUMNS. */
type SpaceWithCountsRow = SpaceRow & {
  comments: number;
  change_requests: number;
  change_requests_open: number;
  change_requests_draft: number;
  git_sync: (Omit<SpaceGitSync, 'updatedAt' | 'lastExportAt'> & { updatedAt: string; lastExportAt: string | null }) | null;
};

function spaceOf(row: SpaceRow): Space {
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

function spaceWithCountsOf(row: SpaceWithCountsRow): SpaceWithCounts {
  return {
    ...spaceOf(row),
    comments: row.comments,
    changeRequests: row.change_requests,
    changeRequestsOpen: row.change_requests_open,
    changeRequestsDraft: row.change_requests_draft,
    gitSync: row.git_sync && {
      ...row.git_sync,
      updatedAt: new Date(row.git_sync.updatedAt),
      lastExportAt: row.git_sync.lastExportAt ? new Date(row.git_sync.lastExportAt) : null,
    },
  };
}

/**
 * The counters of a space as SQL columns over the spaces row aliased `s`; every query that returns
 * a SpaceWithCounts selects them, so N spaces still take one query (each count reads an index).
 * `comments` counts the open comments of the change requests still in progress (open or draft).
 */
const SPACE_COUNT_COLUMNS = `
  (SELECT count(*)::int FROM change_request_comments c JOIN change_requests cr ON cr.id = c.change_request_id
    WHERE c.space_id = s.id AND c.resolved_at IS NULL AND cr.status IN ('open', 'draft')) AS comments,
  (SELECT count(*)::int FROM change_requests cr WHERE cr.space_id = s.id) AS change_requests,
  (SELECT count(*)::int FROM change_requests cr WHERE cr.space_id = s.id AND cr.status = 'open') AS change_requests_open,
  (SELECT count(*)::int FROM change_requests cr WHERE cr.space_id = s.id AND cr.status = 'draft') AS change_requests_draft,
  (SELECT json_build_object('spaceId', g.space_id, 'remote', g.remote, 'ref', g.ref, 'repoName', g.repo_name, 'provider', g.provider,
    'treeUrl', g.tree_url, 'projectDirectory', g.project_directory, 'lastCommit', g.last_commit, 'lastExportAt', g.last_export_at, 'updatedAt', g.updated_at)
    FROM space_git_sync g WHERE g.space_id = s.id) AS git_sync`;

/** A SpaceWithCounts from the spaces row aliased `s` (also in RETURNING). */
export const SPACE_WITH_COUNTS = `s.*, ${SPACE_COUNT_COLUMNS}`;

/** The space of a statement that selects or returns SPACE_WITH_COUNTS (the other space stores' writes), or null. */
export async function oneSpaceWithCounts(db: SqlExecutor, sql: string, params: unknown[]): Promise<SpaceWithCounts | null> {
  const row = await queryOne<SpaceWithCountsRow>(db, sql, params);
  return row && spaceWithCountsOf(row);
}

/** A space by id, deleted ones included (callers decide what a deleted space means). */
export async function findSpaceById(db: SqlExecutor, id: string): Promise<Space | null> {
  const row = await queryOne<SpaceRow>(db, 'SELECT * FROM spaces WHERE id = $1', [id]);
  return row && spaceOf(row);
}

/** The same with its counters. */
export async function findSpaceWithCounts(db: SqlExecutor, id: string): Promise<SpaceWithCounts | null> {
  return oneSpaceWithCounts(db, `SELECT ${SPACE_WITH_COUNTS} FROM spaces s WHERE s.id = $1`, [id]);
}

/** Spaces that are not deleted, by id, in one query (gRPC GetSpaces); unknown ids are left out. */
export async function findActiveSpacesWithCounts(db: SqlExecutor, ids: string[]): Promise<SpaceWithCounts[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<SpaceWithCountsRow>(db, `SELECT ${SPACE_WITH_COUNTS} FROM spaces s WHERE s.id = ANY($1::text[]) AND s.deleted_at IS NULL`, [
    ids,
  ]);
  return rows.map(spaceWithCountsOf);
}

/**
 * An organization's spaces that are not deleted, in tree order: each space sorts by the ordering
 * keys from the top level down to it, joined with a space (below every key character), so a
 * collection's spaces come right after the collection and siblings keep their order.
 */
export async function listSpacesInOrganization(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<SpaceWithCounts>> {
  const { rows, total } = await pagedRows<SpaceWithCountsRow>(
    db,
    {
      with: `WITH RECURSIVE ${COLLECTION_TREE_CTE}`,
      select: SPACE_WITH_COUNTS,
      from: 'FROM spaces s LEFT JOIN tree t ON t.id = s.parent_id WHERE s.organization_id = $1 AND s.deleted_at IS NULL',
      orderBy: `(COALESCE(t.sort_path || ' ', '') || s.position) COLLATE "C", s.id`,
      params: [organizationId],
    },
    page,
  );
  return { rows: rows.map(spaceWithCountsOf), total };
}

/** The spaces directly in a collection that are not deleted, in order. */
export async function listSpacesInCollection(db: SqlExecutor, collectionId: string, page: PageRequest): Promise<Paged<SpaceWithCounts>> {
  const { rows, total } = await pagedRows<SpaceWithCountsRow>(
    db,
    {
      select: SPACE_WITH_COUNTS,
      from: 'FROM spaces s WHERE s.parent_id = $1 AND s.deleted_at IS NULL',
      orderBy: 's.position COLLATE "C", s.id',
      params: [collectionId],
    },
    page,
  );
  return { rows: rows.map(spaceWithCountsOf), total };
}

/** What a new space is made of; the rest (dates, deletion, icon) starts empty. */
export type NewSpace = Pick<
  Space,
  'id' | 'organizationId' | 'parentId' | 'title' | 'emoji' | 'visibility' | 'defaultLevel' | 'editMode' | 'position' | 'revisionId'
> & { createdBy: string };

export async function insertSpace(tx: SqlExecutor, space: NewSpace, now: Date): Promise<SpaceWithCounts> {
  const row = await insertedRow<SpaceWithCountsRow>(
    tx,
    `INSERT INTO spaces AS s (id, organization_id, parent_id, title, emoji, visibility, default_level, edit_mode, position, revision_id, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     RETURNING ${SPACE_WITH_COUNTS}`,
    [
      space.id,
      space.organizationId,
      space.parentId,
      space.title,
      space.emoji,
      space.visibility,
      space.defaultLevel,
      space.editMode,
      space.position,
      space.revisionId,
      space.createdBy,
      now,
    ],
  );
  return spaceWithCountsOf(row);
}

/** Fields a PATCH may change; the store maps them to the columns of `spaces`. */
export type { SpaceChanges } from '../model/space-changes';

const CHANGEABLE: Record<keyof SpaceChanges, string> = {
  title: 'title',
  emoji: 'emoji',
  iconUrl: 'icon_url',
  editMode: 'edit_mode',
  defaultLevel: 'default_level',
  visibility: 'visibility',
};

export async function updateSpace(tx: SqlExecutor, id: string, changes: SpaceChanges, now: Date): Promise<SpaceWithCounts | null> {
  const params: unknown[] = [id, now];
  const sets = assignmentsFor(changes, CHANGEABLE, params);
  return oneSpaceWithCounts(tx, `UPDATE spaces s SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE s.id = $1 RETURNING ${SPACE_WITH_COUNTS}`, params);
}

/** A new space with the settings of `sourceId` (title, emoji, icon, levels) at `placement`. */
export async function insertSpaceCopy(
  tx: SqlExecutor,
  sourceId: string,
  copy: { id: string; revisionId: string; position: string; createdBy: string },
  now: Date,
): Promise<SpaceWithCounts> {
  const row = await insertedRow<SpaceWithCountsRow>(
    tx,
    `INSERT INTO spaces AS s (id, organization_id, parent_id, title, emoji, icon_url, visibility, default_level, edit_mode, position, revision_id, created_by, created_at, updated_at)
     SELECT $2, organization_id, parent_id, title, emoji, icon_url, visibility, default_level, edit_mode, $3, $4, $5, $6, $6 FROM spaces WHERE id = $1
     RETURNING ${SPACE_WITH_COUNTS}`,
    [sourceId, copy.id, copy.position, copy.revisionId, copy.createdBy, now],
  );
  return spaceWithCountsOf(row);
}
