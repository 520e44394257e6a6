import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { OpenAPISpec, ProcessError, ProcessErrorCode, ProcessingState, SpecVisibility } from '../model/openapi-spec';

interface SpecRow {
  id: string;
  organization_id: string;
  slug: string;
  source_url: string | null;
  visibility: SpecVisibility;
  processing_state: ProcessingState;
  last_version_id: string | null;
  last_processed_at: Date | null;
  last_error_code: ProcessErrorCode | null;
  last_errors: ProcessError[] | null;
  last_error_count: number | null;
  pending_source_id: string | null;
  next_refresh_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function specOf(row: SpecRow): OpenAPISpec {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    sourceUrl: row.source_url,
    visibility: row.visibility,
    processingState: row.processing_state,
    lastVersionId: row.last_version_id,
    lastProcessedAt: row.last_processed_at,
    lastErrorCode: row.last_error_code,
    lastErrors: row.last_errors,
    lastErrorCount: row.last_error_count,
    pendingSourceId: row.pending_source_id,
    nextRefreshAt: row.next_refresh_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertSpec(
  db: SqlExecutor,
  spec: { id: string; organizationId: string; slug: string; sourceUrl: string | null },
  now: Date,
): Promise<OpenAPISpec | null> {
  // ON CONFLICT: two concurrent creates of one slug; the loser learns it from the null.
  const row = await queryOne<SpecRow>(
    db,
    `INSERT INTO openapi_specs (id, organization_id, slug, source_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (organization_id, slug) DO NOTHING RETURNING *`,
    [spec.id, spec.organizationId, spec.slug, spec.sourceUrl, now],
  );
  return row && specOf(row);
}

export async function findSpecBySlug(
  db: SqlExecutor,
  organizationId: string,
  slug: string,
  options: { forUpdate?: boolean } = {},
): Promise<OpenAPISpec | null> {
  const row = await queryOne<SpecRow>(db, `SELECT * FROM openapi_specs WHERE organization_id = $1 AND slug = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [
    organizationId,
    slug,
  ]);
  return row && specOf(row);
}

/** The organization's oldest spec fetched from `sourceUrl` (a `swagger` block names its spec by URL); the organization's index bounds the scan. */
export async function findSpecBySourceUrl(db: SqlExecutor, organizationId: string, sourceUrl: string): Promise<OpenAPISpec | null> {
  const row = await queryOne<SpecRow>(db, `SELECT * FROM openapi_specs WHERE organization_id = $1 AND source_url = $2 ORDER BY created_at, id LIMIT 1`, [
    organizationId,
    sourceUrl,
  ]);
  return row && specOf(row);
}

export async function findSpecById(db: SqlExecutor, specId: string, options: { forUpdate?: boolean } = {}): Promise<OpenAPISpec | null> {
  const row = await queryOne<SpecRow>(db, `SELECT * FROM openapi_specs WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [specId]);
  return row && specOf(row);
}

export async function listSpecs(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<OpenAPISpec>> {
  const { rows, total } = await pagedRows<SpecRow>(
    db,
    { select: '*', from: 'FROM openapi_specs WHERE organization_id = $1', orderBy: 'created_at, id', params: [organizationId] },
    page,
  );
  return { rows: rows.map(specOf), total };
}

/** A new source to process: the spec goes back to `pending` and remembers which source is current. */
export async function markSpecPending(
  db: SqlExecutor,
  specId: string,
  change: { sourceId: string; sourceUrl: string | null; nextRefreshAt: Date | null },
  now: Date,
): Promise<OpenAPISpec> {
  const row = await insertedRow<SpecRow>(
    db,
    `UPDATE openapi_specs SET processing_state = 'pending', pending_source_id = $2, source_url = $3, next_refresh_at = $4, updated_at = $5
     WHERE id = $1 RETURNING *`,
    [specId, change.sourceId, change.sourceUrl, change.nextRefreshAt, now],
  );
  return specOf(row);
}

export async function markSpecInProgress(db: SqlExecutor, specId: string, sourceId: string, now: Date): Promise<void> {
  await db.query(`UPDATE openapi_specs SET processing_state = 'progress', updated_at = $3 WHERE id = $1 AND pending_source_id = $2`, [specId, sourceId, now]);
}

/** The outcome of processing: `complete`, with the latest version or the error that stopped it. */
export async function markSpecProcessed(
  db: SqlExecutor,
  specId: string,
  outcome: { lastVersionId?: string; errorCode: ProcessErrorCode | null; errors: ProcessError[] | null; errorCount: number },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE openapi_specs SET processing_state = 'complete', pending_source_id = NULL, last_processed_at = $2, updated_at = $2,
       last_version_id = COALESCE($3, last_version_id), last_error_code = $4, last_errors = $5, last_error_count = $6
     WHERE id = $1`,
    [specId, now, outcome.lastVersionId ?? null, outcome.errorCode, outcome.errors === null ? null : JSON.stringify(outcome.errors), outcome.errorCount],
  );
}

export async function updateSpecVisibility(db: SqlExecutor, specId: string, visibility: SpecVisibility, now: Date): Promise<OpenAPISpec> {
  return specOf(
    await insertedRow<SpecRow>(db, 'UPDATE openapi_specs SET visibility = $2, updated_at = $3 WHERE id = $1 RETURNING *', [specId, visibility, now]),
  );
}

export async function deleteSpec(db: SqlExecutor, specId: string): Promise<void> {
  // Sources and versions (with their stored documents) go with it (ON DELETE CASCADE).
  await db.query('DELETE FROM openapi_specs WHERE id = $1', [specId]);
}

/** URL-sourced specs whose scheduled refresh is due, claimed so that one replica refreshes each. */
export async function claimDueRefreshes(db: SqlExecutor, now: Date, next: Date, limit: number): Promise<OpenAPISpec[]> {
  const rows = await queryRows<SpecRow>(
    db,
    `UPDATE openapi_specs SET next_refresh_at = $2
     WHERE id IN (SELECT id FROM openapi_specs WHERE next_refresh_at <= $1 AND source_url IS NOT NULL ORDER BY next_refresh_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [now, next, limit],
  );
  return rows.map(specOf);
}
