import type { ChangeRequest, ChangeRequestStatus } from '../model/change-request';
import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, type Paged, type SqlExecutor } from '@quire/platform/sql';

const CHANGE_REQUEST = `cr.id, cr.space_id AS "spaceId", cr.number, cr.status, cr.subject, cr.created_by AS "createdBy",
  cr.revision_id AS "revisionId", cr.revision_initial AS "revisionInitial",
  cr.revision_merged_ancestor AS "revisionMergedAncestor", cr.revision_merged AS "revisionMerged", cr.conflicts,
  (SELECT count(*)::int FROM change_request_comments c WHERE c.change_request_id = cr.id AND c.resolved_at IS NULL) AS comments,
  cr.created_at AS "createdAt", cr.updated_at AS "updatedAt"`;

/**
 * The next change-request number of a space and the revision main is at; the space row stays
 * locked until the caller's transaction ends.
 */
export function takeChangeRequestNumber(tx: SqlExecutor, spaceId: string): Promise<{ number: number; revisionId: string }> {
  return insertedRow(
    tx,
    'UPDATE spaces SET change_request_seq = change_request_seq + 1 WHERE id = $1 RETURNING change_request_seq AS number, revision_id AS "revisionId"',
    [spaceId],
  );
}

export interface NewChangeRequest {
  id: string;
  spaceId: string;
  number: number;
  status: 'draft' | 'open';
  subject: string;
  createdBy: string;
  revisionId: string;
}

export async function insertChangeRequest(tx: SqlExecutor, cr: NewChangeRequest, now: Date): Promise<ChangeRequest> {
  const inserted = await insertedRow<ChangeRequest>(
    tx,
    `INSERT INTO change_requests AS cr (id, space_id, number, status, subject, created_by, revision_id, revision_initial, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8) RETURNING ${CHANGE_REQUEST}`,
    [cr.id, cr.spaceId, cr.number, cr.status, cr.subject, cr.createdBy, cr.revisionId, now],
  );
  await addContributor(tx, cr.id, cr.createdBy);
  return inserted;
}

/** By id or by its number in the space (`changeRequestId` accepts both). */
export function findChangeRequest(db: SqlExecutor, spaceId: string, idOrNumber: string): Promise<ChangeRequest | null> {
  const number = /^[1-9][0-9]{0,8}$/.test(idOrNumber) ? Number(idOrNumber) : null;
  return queryOne<ChangeRequest>(
    db,
    `SELECT ${CHANGE_REQUEST} FROM change_requests cr WHERE cr.space_id = $1 AND (cr.id = $2 OR cr.number = $3)
     ORDER BY (cr.id = $2) DESC LIMIT 1`,
    [spaceId, idOrNumber, number],
  );
}

/** The change request row locked for a content write, merge or update. */
export function lockChangeRequest(tx: SqlExecutor, spaceId: string, id: string): Promise<ChangeRequest | null> {
  return queryOne<ChangeRequest>(tx, `SELECT ${CHANGE_REQUEST} FROM change_requests cr WHERE cr.space_id = $1 AND cr.id = $2 FOR UPDATE`, [spaceId, id]);
}

export interface ChangeRequestFilter {
  status: ChangeRequestStatus;
  creator?: string;
  contributor?: string;
  /** Only those awaiting this user's review (0.202.0): Quire has no review requests, so none. */
  requestedReviewer?: string;
  /** Only those linked to this site topic (0.202.0): Quire has no site topics, so none. */
  topic?: string;
  orderBy?: 'updatedAt' | 'createdAt';
}

/** Newest first by default (the number); by last update or creation when asked (0.202.0's `orderBy`). */
const ORDER_BY = { number: 'cr.number DESC', updatedAt: 'cr.updated_at DESC, cr.number DESC', createdAt: 'cr.created_at DESC, cr.number DESC' } as const;

/** A space's change requests with `status` that pass the filter, newest first (or by `orderBy`). */
export async function listChangeRequests(db: SqlExecutor, spaceId: string, filter: ChangeRequestFilter, page: PageRequest): Promise<Paged<ChangeRequest>> {
  if (filter.requestedReviewer !== undefined || filter.topic !== undefined) return { rows: [], total: 0 };
  const where = ['cr.space_id = $1', 'cr.status = $2'];
  const params: unknown[] = [spaceId, filter.status];
  if (filter.creator) {
    params.push(filter.creator);
    where.push(`cr.created_by = $${params.length}`);
  }
  if (filter.contributor) {
    params.push(filter.contributor);
    where.push(`EXISTS (SELECT 1 FROM change_request_contributors k WHERE k.change_request_id = cr.id AND k.user_id = $${params.length})`);
  }
  return pagedRows<ChangeRequest>(
    db,
    { select: CHANGE_REQUEST, from: `FROM change_requests cr WHERE ${where.join(' AND ')}`, orderBy: ORDER_BY[filter.orderBy ?? 'number'], params },
    page,
  );
}

/** Changes the subject and status of a change request the caller holds locked (lockChangeRequest), so its row is there. */
export function updateChangeRequestFields(
  tx: SqlExecutor,
  id: string,
  changes: { subject?: string; status?: ChangeRequestStatus },
  now: Date,
): Promise<ChangeRequest> {
  return insertedRow<ChangeRequest>(
    tx,
    `UPDATE change_requests cr SET subject = COALESCE($2, cr.subject), status = COALESCE($3, cr.status), updated_at = $4 WHERE cr.id = $1
     RETURNING ${CHANGE_REQUEST}`,
    [id, changes.subject ?? null, changes.status ?? null, now],
  );
}

/** Moves a change request to a new revision of its own (an import or an update). */
export async function advanceChangeRequest(
  tx: SqlExecutor,
  id: string,
  move: { revisionId: string; mergedAncestor?: string; conflicts: Record<string, string> },
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE change_requests SET revision_id = $2, revision_merged_ancestor = COALESCE($3, revision_merged_ancestor), conflicts = $4, updated_at = $5
     WHERE id = $1`,
    [id, move.revisionId, move.mergedAncestor ?? null, JSON.stringify(move.conflicts), now],
  );
}

export async function markChangeRequestMerged(tx: SqlExecutor, id: string, revisionMerged: string, now: Date): Promise<void> {
  await tx.query(`UPDATE change_requests SET status = 'merged', revision_merged = $2, updated_at = $3 WHERE id = $1`, [id, revisionMerged, now]);
}

export async function addContributor(tx: SqlExecutor, changeRequestId: string, userId: string): Promise<void> {
  await tx.query('INSERT INTO change_request_contributors (change_request_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [changeRequestId, userId]);
}
