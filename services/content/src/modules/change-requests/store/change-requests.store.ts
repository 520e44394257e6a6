import type { ChangeRequest, ChangeRequestStatus } from '../model/change-request';
import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { ChangeRequestsTable, Database } from '../../../database';
import type { VisibleFilter } from '../../content-tree';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/** Open comments of the change request `cr` (the alias every read of this store gives its row). */
const openComments = sql<number>`(SELECT count(*)::int FROM change_request_comments c WHERE c.change_request_id = cr.id AND c.resolved_at IS NULL)`;

// status is a TEXT column only written with the model's values; conflicts a JSONB object.
function changeRequestOf(row: Selectable<ChangeRequestsTable> & { comments: number }): ChangeRequest {
  return {
    id: row.id,
    spaceId: row.space_id,
    number: row.number,
    status: row.status as ChangeRequestStatus,
    subject: row.subject,
    createdBy: row.created_by,
    revisionId: row.revision_id,
    revisionInitial: row.revision_initial,
    revisionMergedAncestor: row.revision_merged_ancestor,
    revisionMerged: row.revision_merged,
    conflicts: row.conflicts as Record<string, string>,
    comments: row.comments,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const changeRequestQuery = (db: SqlExecutor) => table(db).selectFrom('change_requests as cr').selectAll('cr').select(openComments.as('comments'));

/**
 * The next change-request number of a space and the revision main is at; the space row stays
 * locked until the caller's transaction ends.
 */
export async function takeChangeRequestNumber(tx: SqlExecutor, spaceId: string): Promise<{ number: number; revisionId: string }> {
  const row = await table(tx)
    .updateTable('spaces')
    .set((eb) => ({ change_request_seq: eb('change_request_seq', '+', 1) }))
    .where('id', '=', spaceId)
    .returning(['change_request_seq', 'revision_id'])
    .executeTakeFirstOrThrow();
  return { number: row.change_request_seq, revisionId: row.revision_id };
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

export async function insertChangeRequestRow(tx: SqlExecutor, cr: NewChangeRequest, now: Date): Promise<ChangeRequest> {
  const row = await table(tx)
    .insertInto('change_requests')
    .values({
      id: cr.id,
      space_id: cr.spaceId,
      number: cr.number,
      status: cr.status,
      subject: cr.subject,
      created_by: cr.createdBy,
      revision_id: cr.revisionId,
      revision_initial: cr.revisionId,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addContributor(tx, cr.id, cr.createdBy);
  // A new change request has no comment yet.
  return changeRequestOf({ ...row, comments: 0 });
}

/** By id or by its number in the space (`changeRequestId` accepts both). */
export async function findChangeRequestRow(db: SqlExecutor, spaceId: string, idOrNumber: string): Promise<ChangeRequest | null> {
  const number = /^[1-9][0-9]{0,8}$/.test(idOrNumber) ? Number(idOrNumber) : null;
  const row = await changeRequestQuery(db)
    .where('cr.space_id', '=', spaceId)
    .where((eb) => eb.or([eb('cr.id', '=', idOrNumber), eb('cr.number', '=', number)]))
    .orderBy(sql`(cr.id = ${idOrNumber})`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? changeRequestOf(row) : null;
}

/** The change request row locked for a content write, merge or update. */
export async function lockChangeRequest(tx: SqlExecutor, spaceId: string, id: string): Promise<ChangeRequest | null> {
  const row = await changeRequestQuery(tx).where('cr.space_id', '=', spaceId).where('cr.id', '=', id).forUpdate().executeTakeFirst();
  return row ? changeRequestOf(row) : null;
}

export interface ChangeRequestFilter {
  statuses: ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  /** Only those awaiting this user's review (0.202.0): Quire has no review requests, so none. */
  requestedReviewer?: string;
  /** Only those linked to this site topic (0.202.0): Quire has no site topics, so none. */
  topic?: string;
  orderBy?: 'updatedAt' | 'createdAt';
}

/** Where change requests are listed from: one space, or the organization's spaces the caller sees (none deleted). */
export type ChangeRequestScope = { spaceId: string } | { organizationId: string; visible: VisibleFilter; spaceId?: string };

/**
 * The change requests of `scope` that pass the filter: a space's newest first (or by `orderBy`:
 * last update or creation, 0.202.0), an organization's by `orderBy`, last update by default.
 */
export async function listChangeRequestRows(
  db: SqlExecutor,
  scope: ChangeRequestScope,
  filter: ChangeRequestFilter,
  page: PageRequest,
): Promise<Paged<ChangeRequest>> {
  if (filter.requestedReviewer !== undefined || filter.topic !== undefined || filter.statuses.length === 0) return { rows: [], total: 0 };
  if ('visible' in scope && 'only' in scope.visible && scope.visible.only.length === 0) return { rows: [], total: 0 };
  let query = changeRequestQuery(db).where('cr.status', 'in', filter.statuses);
  if (scope.spaceId !== undefined) query = query.where('cr.space_id', '=', scope.spaceId);
  if ('visible' in scope) query = query.where('cr.space_id', 'in', spacesSeen(db, scope.organizationId, scope.visible));
  if (filter.creator) query = query.where('cr.created_by', '=', filter.creator);
  const contributor = filter.contributor;
  if (contributor) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('change_request_contributors as k')
          .select(sql`1`.as('one'))
          .whereRef('k.change_request_id', '=', 'cr.id')
          .where('k.user_id', '=', contributor),
      ),
    );
  }
  const orderBy = filter.orderBy ?? ('visible' in scope ? 'updatedAt' : undefined);
  if (orderBy === 'updatedAt') query = query.orderBy('cr.updated_at', 'desc');
  else if (orderBy === 'createdAt') query = query.orderBy('cr.created_at', 'desc');
  const { rows, total } = await pagedSelect(query.orderBy('cr.number', 'desc').orderBy('cr.id'), page);
  return { rows: rows.map(changeRequestOf), total };
}

/** The ids of an organization's live spaces that `visible` lets through. */
function spacesSeen(db: SqlExecutor, organizationId: string, visible: VisibleFilter) {
  return table(db)
    .selectFrom('spaces as s')
    .select('s.id')
    .where('s.organization_id', '=', organizationId)
    .where('s.deleted_at', 'is', null)
    .$if('only' in visible, (qb) => qb.where('s.id', 'in', 'only' in visible ? visible.only : []))
    .$if('except' in visible && visible.except.length > 0, (qb) => qb.where('s.id', 'not in', 'except' in visible ? visible.except : []));
}

/** Changes the subject and status of a change request the caller holds locked (lockChangeRequest), so its row is there. */
export async function updateChangeRequestFields(
  tx: SqlExecutor,
  id: string,
  changes: { subject?: string; status?: ChangeRequestStatus },
  now: Date,
): Promise<ChangeRequest> {
  const row = await table(tx)
    .updateTable('change_requests as cr')
    .set({ subject: changes.subject, status: changes.status, updated_at: now })
    .where('cr.id', '=', id)
    .returningAll('cr')
    .returning(openComments.as('comments'))
    .executeTakeFirstOrThrow();
  return changeRequestOf(row);
}

/** Moves a change request to a new revision of its own (an import or an update). */
export async function advanceChangeRequest(
  tx: SqlExecutor,
  id: string,
  move: { revisionId: string; mergedAncestor?: string; conflicts: Record<string, string> },
  now: Date,
): Promise<void> {
  await table(tx)
    .updateTable('change_requests')
    .set({ revision_id: move.revisionId, revision_merged_ancestor: move.mergedAncestor, conflicts: JSON.stringify(move.conflicts), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function markChangeRequestMerged(tx: SqlExecutor, id: string, revisionMerged: string, now: Date): Promise<void> {
  await table(tx).updateTable('change_requests').set({ status: 'merged', revision_merged: revisionMerged, updated_at: now }).where('id', '=', id).execute();
}

export async function addContributor(tx: SqlExecutor, changeRequestId: string, userId: string): Promise<void> {
  await table(tx)
    .insertInto('change_request_contributors')
    .values({ change_request_id: changeRequestId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
