import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { IndexedPage, SearchCandidate, SearchScope, SectionHit } from '../model/search';
import type { Database } from '../../../database';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// The search index (migrations/007_search.sql, 008_search_tiers.sql, 009_search_page_details.sql):
// its upkeep and its reads.

export interface SpaceToIndex {
  organizationId: string;
  revisionId: string;
  isDeleted: boolean;
}

/** One reindex of a space at a time (the consumer and the CLI may meet); held until commit. */
export async function lockSpaceIndex(tx: SqlExecutor, spaceId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('search:' || ${spaceId}))`.execute(table(tx));
}

export async function findSpaceToIndex(db: SqlExecutor, spaceId: string): Promise<SpaceToIndex | null> {
  const row = await table(db).selectFrom('spaces').select(['organization_id', 'revision_id', 'deleted_at']).where('id', '=', spaceId).executeTakeFirst();
  return row ? { organizationId: row.organization_id, revisionId: row.revision_id, isDeleted: row.deleted_at !== null } : null;
}

/** Every space id, and those the index still holds rows of (deleted or purged spaces: a rebuild removes them). */
export async function listSpaceIds(db: SqlExecutor): Promise<string[]> {
  const rows = await table(db)
    .selectFrom('spaces')
    .select('id')
    .union((eb) => eb.selectFrom('search_pages').select('space_id as id'))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Page id → signature of what the index holds for a space, and the organization it is filed under. */
export async function findIndexedPages(tx: SqlExecutor, spaceId: string): Promise<{ signatures: Map<string, string>; organizationIds: Set<string> }> {
  const rows = await table(tx).selectFrom('search_pages').select(['page_id', 'signature', 'organization_id']).where('space_id', '=', spaceId).execute();
  return { signatures: new Map(rows.map((r) => [r.page_id, r.signature])), organizationIds: new Set(rows.map((r) => r.organization_id)) };
}

export async function deleteIndexedPages(tx: SqlExecutor, spaceId: string, pageIds: readonly string[]): Promise<void> {
  if (!pageIds.length) return;
  const ids = [...pageIds];
  await table(tx)
    .deleteFrom('search_sections')
    .where('space_id', '=', spaceId)
    .where('page_id', '=', sql<string>`ANY(${ids})`)
    .execute();
  await table(tx)
    .deleteFrom('search_pages')
    .where('space_id', '=', spaceId)
    .where('page_id', '=', sql<string>`ANY(${ids})`)
    .execute();
}

export async function deleteSpaceIndex(tx: SqlExecutor, spaceId: string): Promise<number> {
  await table(tx).deleteFrom('search_sections').where('space_id', '=', spaceId).execute();
  const { numDeletedRows } = await table(tx).deleteFrom('search_pages').where('space_id', '=', spaceId).executeTakeFirst();
  return Number(numDeletedRows);
}

/** Reclaims the rows a rebuild replaced and refreshes statistics. Outside any transaction (VACUUM cannot run in one). */
export async function vacuumSearchTables(db: SqlExecutor): Promise<void> {
  await sql`VACUUM (ANALYZE) search_sections, search_pages`.execute(table(db));
}

/** A transferred space: its rows follow it to its new organization. */
export async function moveSpaceIndex(tx: SqlExecutor, spaceId: string, organizationId: string): Promise<void> {
  await table(tx)
    .updateTable('search_sections')
    .set({ organization_id: organizationId })
    .where('space_id', '=', spaceId)
    .where('organization_id', '<>', organizationId)
    .execute();
  await table(tx)
    .updateTable('search_pages')
    .set({ organization_id: organizationId })
    .where('space_id', '=', spaceId)
    .where('organization_id', '<>', organizationId)
    .execute();
}

/** Writes pages not indexed yet (changed ones are deleted first): one statement per table however many. */
export async function insertIndexedPages(tx: SqlExecutor, space: { id: string; organizationId: string }, pages: readonly IndexedPage[]): Promise<void> {
  if (!pages.length) return;
  const sections = pages.flatMap((page) => page.sections.map((section) => ({ page, section })));
  // unnest: one statement with nine parameters however many sections (a multi-row VALUES would take nine per section).
  const column = <T>(of: (s: (typeof sections)[number]) => T) => sections.map(of);
  await sql`INSERT INTO search_sections (space_id, organization_id, page_id, position, anchor, page_title, page_path, heading, body)
    SELECT ${space.id}, ${space.organizationId}, * FROM unnest(${column((s) => s.page.pageId)}::text[], ${column((s) => s.section.position)}::int[],
      ${column((s) => s.section.anchor)}::text[], ${column((s) => s.page.title)}::text[], ${column((s) => s.page.path)}::text[],
      ${column((s) => s.section.heading)}::text[], ${column((s) => s.section.body)}::text[])`.execute(table(tx));
  // Each page's ancestors as one JSON array: unnest() would flatten a text[][] into its elements.
  await sql`INSERT INTO search_pages (space_id, organization_id, page_id, signature, description, ancestors)
    SELECT ${space.id}, ${space.organizationId}, p.page_id, p.signature, p.description, ARRAY(SELECT jsonb_array_elements_text(p.ancestors))
    FROM unnest(${pages.map((p) => p.pageId)}::text[], ${pages.map((p) => p.signature)}::text[], ${pages.map((p) => p.description)}::text[],
      ${pages.map((p) => JSON.stringify(p.ancestors))}::jsonb[]) AS p(page_id, signature, description, ancestors)`.execute(table(tx));
}

/** The scope's filter on `search_sections s`. */
function scopeFilter(scope: SearchScope) {
  if ('spaceId' in scope) return sql`s.space_id = ${scope.spaceId}`;
  // Driven by the GIN indexes alone, like an organization's (migration 007): written as a plain
  // `space_id = ANY`, the planner (without statistics in PGlite) ANDed the primary key's bitmap of
  // every section of the site's spaces, 20–140 ms per tier on a 10,000-page site (EXPLAIN in
  // bench/site-search.js); `|| ''` keeps the key out of the plan, the filter applies per found row.
  // A scan reads the few sections of the spaces through the key instead.
  if ('spaceIds' in scope) {
    const spaceIds = [...scope.spaceIds];
    return scope.scan ? sql`s.space_id = ANY(${spaceIds}::text[])` : sql`(s.space_id || '') = ANY(${spaceIds}::text[])`;
  }
  if ('exceptSpaceIds' in scope && scope.exceptSpaceIds?.length) {
    const hidden = [...scope.exceptSpaceIds];
    return sql`s.organization_id = ${scope.organizationId} AND NOT ((s.space_id || '') = ANY(${hidden}::text[]))`;
  }
  return sql`s.organization_id = ${scope.organizationId}`;
}

/**
 * How many pages the index holds of `spaceIds`, counted up to `cap` (so at most `cap` rows are
 * read): whether a site search may scan their sections.
 */
export async function countIndexedPagesUpTo(db: SqlExecutor, spaceIds: readonly string[], cap: number): Promise<number> {
  const row = await table(db)
    .selectFrom((eb) =>
      eb
        .selectFrom('search_pages')
        .select(sql`1`.as('one'))
        .where('space_id', '=', sql<string>`ANY(${[...spaceIds]}::text[])`)
        .limit(cap)
        .as('p'),
    )
    .select(sql<number>`count(*)::int`.as('pages'))
    .executeTakeFirst();
  return row?.pages ?? 0;
}

// Both configurations OR-ed: a word matches stemmed (English) or as typed (simple); once when the
// two read the same (a name, a code identifier), so the index is not walked twice for it.
const tsQuery = (query: string) => sql`SELECT CASE WHEN english::text = simple::text THEN english ELSE english || simple END AS query
  FROM (SELECT websearch_to_tsquery('english', ${query}) AS english, websearch_to_tsquery('simple', ${query}) AS simple) c`;

/**
 * At most `perTier` matching sections from each tier, with their rank (ts_rank's default weights:
 * title A > heading B > body C). A tier's index finds its rows; `ts_match_vq` (the function, which
 * no index serves) then checks the whole query against the whole section, so exclusions and
 * phrases hold. `complete`: the last tier (every match) was not cut, so every match is here.
 */
export async function findSearchCandidates(
  db: SqlExecutor,
  scope: SearchScope,
  query: string,
  perTier: number,
): Promise<{ candidates: SearchCandidate[]; complete: boolean }> {
  const where = scopeFilter(scope);
  const tier = (n: number, match: ReturnType<typeof sql>) =>
    sql`(SELECT s.space_id AS "spaceId", s.page_id AS "pageId", s.position, ts_rank(s.document, q.query) AS rank, ${sql.lit(n)} AS tier
      FROM search_sections s, q WHERE ${where} AND ${match} LIMIT ${perTier})`;
  // `@@` lets an index find the rows; its function form `ts_match_vq`, which no index serves, checks rows read otherwise.
  const matches = (vector: 'title_document' | 'heading_document' | 'document') =>
    'scan' in scope && scope.scan ? sql`ts_match_vq(${sql.ref(`s.${vector}`)}, q.query)` : sql`${sql.ref(`s.${vector}`)} @@ q.query`;
  const { rows: candidates } = await sql<SearchCandidate>`WITH q AS (${tsQuery(query)})
     ${tier(3, sql`${matches('title_document')} AND ts_match_vq(s.document, q.query)`)}
     UNION ALL ${tier(2, sql`${matches('heading_document')} AND ts_match_vq(s.document, q.query)`)}
     UNION ALL ${tier(1, matches('document'))}`.execute(table(db));
  return { candidates, complete: candidates.filter((c) => c.tier === 1).length < perTier };
}

/** The titles of those of `spaceIds` that are live (and, for an organization search, still its own). */
export async function findLiveSpaceTitles(db: SqlExecutor, spaceIds: readonly string[], organizationId?: string): Promise<Map<string, string>> {
  if (!spaceIds.length) return new Map();
  let query = table(db)
    .selectFrom('spaces')
    .select(['id', 'title'])
    .where('id', '=', sql<string>`ANY(${[...spaceIds]})`)
    .where('deleted_at', 'is', null);
  if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

// The match is marked in markdown bold; ts_headline's default (one stretch around the best match)
// costs a tenth of its fragment mode, which matters at 300 snippets per answer.
const HEADLINE = sql`ts_headline('english', s.body, q.query, 'StartSel=**, StopSel=**, MaxWords=35, MinWords=15')`;

/**
 * The sections at `keys`, in that order (a section reindexed away meanwhile is left out), with
 * snippets and each snippet's lead: up to `leadChars` of the body just before it ('' when the snippet
 * starts the body), found by the snippet's first 40 characters without its marks.
 */
export async function findSectionHits(
  db: SqlExecutor,
  query: string,
  keys: readonly { spaceId: string; pageId: string; position: number }[],
  leadChars: number,
): Promise<Array<SectionHit & { snippetLead: string }>> {
  if (!keys.length) return [];
  const { rows } = await sql<SectionHit & { snippetLead: string }>`WITH q AS (${tsQuery(query)})
     SELECT s.space_id AS "spaceId", s.organization_id AS "organizationId", s.page_id AS "pageId", s.page_title AS "pageTitle",
            p.description AS "pageDescription", p.ancestors AS "pageAncestors",
            s.page_path AS "pagePath", s.position, s.anchor, s.heading, h.snippet,
            CASE WHEN l.snippet_at > 1 THEN substr(s.body, greatest(1, l.snippet_at - ${leadChars}::int), least(l.snippet_at - 1, ${leadChars}::int)) ELSE '' END AS "snippetLead"
     FROM unnest(${keys.map((k) => k.spaceId)}::text[], ${keys.map((k) => k.pageId)}::text[], ${keys.map((k) => k.position)}::int[])
       WITH ORDINALITY AS k(space_id, page_id, position, n)
     JOIN search_sections s ON s.space_id = k.space_id AND s.page_id = k.page_id AND s.position = k.position
     JOIN search_pages p ON p.space_id = s.space_id AND p.page_id = s.page_id, q,
     LATERAL (SELECT CASE WHEN s.body = '' THEN '' ELSE ${HEADLINE} END AS snippet) h,
     LATERAL (SELECT strpos(s.body, left(replace(h.snippet, '**', ''), 40)) AS snippet_at) l
     ORDER BY k.n`.execute(table(db));
  return rows;
}
