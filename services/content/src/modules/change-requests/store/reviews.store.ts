import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { ChangeRequestReviewRequestsTable, ChangeRequestReviewsTable, Database } from '../../../database';
import type { Review, ReviewRequest, ReviewStatus } from '../model/review';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// status is a TEXT column checked to the model's two values.
function reviewOf(row: Selectable<ChangeRequestReviewsTable>): Review {
  return {
    id: row.id,
    changeRequestId: row.change_request_id,
    reviewer: row.reviewer,
    requestedBy: row.requested_by,
    status: row.status as ReviewStatus,
    revision: row.revision_id,
    outdated: row.outdated,
    comment: row.comment ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function requestOf(row: Selectable<ChangeRequestReviewRequestsTable>): ReviewRequest {
  return { changeRequestId: row.change_request_id, userId: row.user_id, requestedBy: row.requested_by, revision: row.revision_id, createdAt: row.created_at };
}

/** Marks the reviewer's current reviews outdated (a newer review or request supersedes them); the ids it marked. */
export async function outdateReviews(tx: SqlExecutor, changeRequestId: string, reviewer: string, now: Date): Promise<string[]> {
  const rows = await table(tx)
    .updateTable('change_request_reviews')
    .set({ outdated: true, updated_at: now })
    .where('change_request_id', '=', changeRequestId)
    .where('reviewer', '=', reviewer)
    .where('outdated', '=', false)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Asks `request.userId` for a review, replacing an earlier request of theirs. */
export async function upsertReviewRequest(tx: SqlExecutor, request: ReviewRequest): Promise<ReviewRequest> {
  const row = await table(tx)
    .insertInto('change_request_review_requests')
    .values({
      change_request_id: request.changeRequestId,
      user_id: request.userId,
      requested_by: request.requestedBy,
      revision_id: request.revision,
      created_at: request.createdAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['change_request_id', 'user_id'])
        .doUpdateSet({ requested_by: request.requestedBy, revision_id: request.revision, created_at: request.createdAt }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return requestOf(row);
}

/** Withdraws the request to `userId`; the request it removed, if there was one. */
export async function deleteReviewRequest(tx: SqlExecutor, changeRequestId: string, userId: string): Promise<ReviewRequest | null> {
  const row = await table(tx)
    .deleteFrom('change_request_review_requests')
    .where('change_request_id', '=', changeRequestId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? requestOf(row) : null;
}

/** Pending requests, oldest first. */
export async function listReviewRequestRows(db: SqlExecutor, changeRequestId: string, page?: PageRequest): Promise<Paged<ReviewRequest>> {
  const query = table(db)
    .selectFrom('change_request_review_requests')
    .selectAll()
    .where('change_request_id', '=', changeRequestId)
    .orderBy('created_at')
    .orderBy('user_id');
  if (!page) {
    const rows = await query.execute();
    return { rows: rows.map(requestOf), total: rows.length };
  }
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(requestOf), total };
}

export interface NewReview {
  id: string;
  changeRequestId: string;
  reviewer: string;
  requestedBy: string | null;
  status: ReviewStatus;
  revision: string;
  comment: unknown;
}

export async function insertReviewRow(tx: SqlExecutor, review: NewReview, now: Date): Promise<Review> {
  const row = await table(tx)
    .insertInto('change_request_reviews')
    .values({
      id: review.id,
      change_request_id: review.changeRequestId,
      reviewer: review.reviewer,
      requested_by: review.requestedBy,
      status: review.status,
      revision_id: review.revision,
      comment: review.comment === undefined ? null : JSON.stringify(review.comment),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return reviewOf(row);
}

/** Reviews oldest first; `outdated` filters when given. Without a page, all of them (merge rules read them whole). */
export async function listReviewRows(db: SqlExecutor, changeRequestId: string, filter: { outdated?: boolean }, page?: PageRequest): Promise<Paged<Review>> {
  let query = table(db).selectFrom('change_request_reviews').selectAll().where('change_request_id', '=', changeRequestId);
  if (filter.outdated !== undefined) query = query.where('outdated', '=', filter.outdated);
  query = query.orderBy('created_at').orderBy('id');
  if (!page) {
    const rows = await query.execute();
    return { rows: rows.map(reviewOf), total: rows.length };
  }
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(reviewOf), total };
}

export async function findReviewRow(db: SqlExecutor, changeRequestId: string, reviewId: string): Promise<Review | null> {
  const row = await table(db)
    .selectFrom('change_request_reviews')
    .selectAll()
    .where('change_request_id', '=', changeRequestId)
    .where('id', '=', reviewId)
    .executeTakeFirst();
  return row ? reviewOf(row) : null;
}

/** Sets the change request's description (a JSON document). */
export async function setChangeRequestDescription(tx: SqlExecutor, changeRequestId: string, description: unknown, now: Date): Promise<void> {
  await table(tx)
    .updateTable('change_requests')
    .set({ description: JSON.stringify(description), updated_at: now })
    .where('id', '=', changeRequestId)
    .execute();
}

/** Whether the change request has a description. */
export async function hasChangeRequestDescription(db: SqlExecutor, changeRequestId: string): Promise<boolean> {
  const row = await table(db).selectFrom('change_requests').select('description').where('id', '=', changeRequestId).executeTakeFirst();
  return row?.description != null;
}
