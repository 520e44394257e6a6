import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, OpenapiSpecsTable } from '../../../database';
import type { OpenAPISpec, ProcessError, ProcessErrorCode, ProcessingState, SpecVisibility } from '../model/openapi-spec';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function specOf(row: Selectable<OpenapiSpecsTable>): OpenAPISpec {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    sourceUrl: row.source_url,
    // This store is the only writer of these TEXT/JSONB columns, always with values of the model's types.
    visibility: row.visibility as SpecVisibility,
    processingState: row.processing_state as ProcessingState,
    lastVersionId: row.last_version_id,
    lastProcessedAt: row.last_processed_at,
    lastErrorCode: row.last_error_code as ProcessErrorCode | null,
    lastErrors: row.last_errors as ProcessError[] | null,
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
  const row = await table(db)
    .insertInto('openapi_specs')
    .values({ id: spec.id, organization_id: spec.organizationId, slug: spec.slug, source_url: spec.sourceUrl, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'slug']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? specOf(row) : null;
}

export async function findSpecBySlug(
  db: SqlExecutor,
  organizationId: string,
  slug: string,
  options: { forUpdate?: boolean } = {},
): Promise<OpenAPISpec | null> {
  const query = table(db).selectFrom('openapi_specs').selectAll().where('organization_id', '=', organizationId).where('slug', '=', slug);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return row ? specOf(row) : null;
}

/** The organization's oldest spec fetched from `sourceUrl` (a `swagger` block names its spec by URL); the organization's index bounds the scan. */
export async function findSpecBySourceUrl(db: SqlExecutor, organizationId: string, sourceUrl: string): Promise<OpenAPISpec | null> {
  const row = await table(db)
    .selectFrom('openapi_specs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('source_url', '=', sourceUrl)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? specOf(row) : null;
}

export async function findSpecById(db: SqlExecutor, specId: string, options: { forUpdate?: boolean } = {}): Promise<OpenAPISpec | null> {
  const query = table(db).selectFrom('openapi_specs').selectAll().where('id', '=', specId);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return row ? specOf(row) : null;
}

export async function listSpecRows(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<OpenAPISpec>> {
  const query = table(db).selectFrom('openapi_specs').selectAll().where('organization_id', '=', organizationId).orderBy('created_at').orderBy('id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(specOf), total };
}

/** A new source to process: the spec goes back to `pending` and remembers which source is current. */
export async function markSpecPending(
  db: SqlExecutor,
  specId: string,
  change: { sourceId: string; sourceUrl: string | null; nextRefreshAt: Date | null },
  now: Date,
): Promise<OpenAPISpec> {
  const row = await table(db)
    .updateTable('openapi_specs')
    .set({
      processing_state: 'pending' satisfies ProcessingState,
      pending_source_id: change.sourceId,
      source_url: change.sourceUrl,
      next_refresh_at: change.nextRefreshAt,
      updated_at: now,
    })
    .where('id', '=', specId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return specOf(row);
}

export async function markSpecInProgress(db: SqlExecutor, specId: string, sourceId: string, now: Date): Promise<void> {
  await table(db)
    .updateTable('openapi_specs')
    .set({ processing_state: 'progress' satisfies ProcessingState, updated_at: now })
    .where('id', '=', specId)
    .where('pending_source_id', '=', sourceId)
    .execute();
}

/** The outcome of processing: `complete`, with the latest version (kept when none is given) or the error that stopped it. */
export async function markSpecProcessed(
  db: SqlExecutor,
  specId: string,
  outcome: { lastVersionId?: string; errorCode: ProcessErrorCode | null; errors: ProcessError[] | null; errorCount: number },
  now: Date,
): Promise<void> {
  await table(db)
    .updateTable('openapi_specs')
    .set({
      processing_state: 'complete' satisfies ProcessingState,
      pending_source_id: null,
      last_processed_at: now,
      updated_at: now,
      last_version_id: outcome.lastVersionId,
      last_error_code: outcome.errorCode,
      last_errors: outcome.errors === null ? null : JSON.stringify(outcome.errors),
      last_error_count: outcome.errorCount,
    })
    .where('id', '=', specId)
    .execute();
}

export async function updateSpecVisibilityRow(db: SqlExecutor, specId: string, visibility: SpecVisibility, now: Date): Promise<OpenAPISpec> {
  const row = await table(db)
    .updateTable('openapi_specs')
    .set({ visibility, updated_at: now })
    .where('id', '=', specId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return specOf(row);
}

export async function deleteSpecRow(db: SqlExecutor, specId: string): Promise<void> {
  // Sources and versions (with their stored documents) go with it (ON DELETE CASCADE).
  await table(db).deleteFrom('openapi_specs').where('id', '=', specId).execute();
}

/** URL-sourced specs whose scheduled refresh is due, claimed so that one replica refreshes each. */
export async function claimDueRefreshes(db: SqlExecutor, now: Date, next: Date, limit: number): Promise<OpenAPISpec[]> {
  const rows = await table(db)
    .updateTable('openapi_specs')
    .set({ next_refresh_at: next })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('openapi_specs')
        .select('id')
        .where('next_refresh_at', '<=', now)
        .where('source_url', 'is not', null)
        .orderBy('next_refresh_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  return rows.map(specOf);
}
