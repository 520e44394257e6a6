import { queryOne, queryRows, type SqlExecutor } from '@quire/common';
import type { PageSection } from '../domain/search/page-sections';

// The search index (migrations/007_search.sql): its upkeep and its two queries.

/** A page as the index holds it: its sections and what they were derived from. */
export interface IndexedPage {
  pageId: string;
  title: string;
  path: string;
  signature: string;
  sections: PageSection[];
}

export interface SpaceToIndex {
  organizationId: string;
  revisionId: string;
  isDeleted: boolean;
}

/** One reindex of a space at a time (the consumer and the CLI may meet); held until commit. */
export async function lockSpaceIndex(tx: SqlExecutor, spaceId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('search:' || $1))`, [spaceId]);
}

export function findSpaceToIndex(db: SqlExecutor, spaceId: string): Promise<SpaceToIndex | null> {
  return queryOne<SpaceToIndex>(
    db,
    `SELECT organization_id AS "organizationId", revision_id AS "revisionId", deleted_at IS NOT NULL AS "isDeleted" FROM spaces WHERE id = $1`,
    [spaceId],
  );
}

/** Every space id, and those the index still holds rows of (deleted or purged spaces: a rebuild removes them). */
export async function listSpaceIds(db: SqlExecutor): Promise<string[]> {
  return (await queryRows<{ id: string }>(db, 'SELECT id FROM spaces UNION SELECT space_id FROM search_pages ORDER BY id')).map((r) => r.id);
}

/** Page id → signature of what the index holds for a space, and the organization it is filed under. */
export async function findIndexedPages(tx: SqlExecutor, spaceId: string): Promise<{ signatures: Map<string, string>; organizationIds: Set<string> }> {
  const rows = await queryRows<{ pageId: string; signature: string; organizationId: string }>(
    tx,
    `SELECT page_id AS "pageId", signature, organization_id AS "organizationId" FROM search_pages WHERE space_id = $1`,
    [spaceId],
  );
  return { signatures: new Map(rows.map((r) => [r.pageId, r.signature])), organizationIds: new Set(rows.map((r) => r.organizationId)) };
}

export async function deleteIndexedPages(tx: SqlExecutor, spaceId: string, pageIds: readonly string[]): Promise<void> {
  if (!pageIds.length) return;
  await tx.query('DELETE FROM search_sections WHERE space_id = $1 AND page_id = ANY($2)', [spaceId, pageIds]);
  await tx.query('DELETE FROM search_pages WHERE space_id = $1 AND page_id = ANY($2)', [spaceId, pageIds]);
}

export async function deleteSpaceIndex(tx: SqlExecutor, spaceId: string): Promise<number> {
  await tx.query('DELETE FROM search_sections WHERE space_id = $1', [spaceId]);
  return (await tx.query('DELETE FROM search_pages WHERE space_id = $1', [spaceId])).rowCount;
}

/** A transferred space: its rows follow it to its new organization. */
export async function moveSpaceIndex(tx: SqlExecutor, spaceId: string, organizationId: string): Promise<void> {
  await tx.query('UPDATE search_sections SET organization_id = $2 WHERE space_id = $1 AND organization_id <> $2', [spaceId, organizationId]);
  await tx.query('UPDATE search_pages SET organization_id = $2 WHERE space_id = $1 AND organization_id <> $2', [spaceId, organizationId]);
}

/** Writes pages not indexed yet (changed ones are deleted first): one statement per table however many. */
export async function insertIndexedPages(tx: SqlExecutor, space: { id: string; organizationId: string }, pages: readonly IndexedPage[]): Promise<void> {
  if (!pages.length) return;
  const sections = pages.flatMap((page) => page.sections.map((section) => ({ page, section })));
  await tx.query(
    `INSERT INTO search_sections (space_id, organization_id, page_id, position, anchor, page_title, page_path, heading, body)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])`,
    [
      space.id,
      space.organizationId,
      sections.map((s) => s.page.pageId),
      sections.map((s) => s.section.position),
      sections.map((s) => s.section.anchor),
      sections.map((s) => s.page.title),
      sections.map((s) => s.page.path),
      sections.map((s) => s.section.heading),
      sections.map((s) => s.section.body),
    ],
  );
  await tx.query(`INSERT INTO search_pages (space_id, organization_id, page_id, signature) SELECT $1, $2, * FROM unnest($3::text[], $4::text[])`, [
    space.id,
    space.organizationId,
    pages.map((p) => p.pageId),
    pages.map((p) => p.signature),
  ]);
}

/** One section hit of a result page, with its snippet. */
export interface SectionHit {
  spaceId: string;
  spaceTitle: string;
  organizationId: string;
  pageId: string;
  pageTitle: string;
  pagePath: string;
  position: number;
  anchor: string;
  heading: string;
  snippet: string;
  rank: number;
}

export interface SearchLimits {
  limit: number;
  offset: number;
  /** Org search: the best pages shown per space. */
  pagesPerSpace: number;
  /** The best sections shown per page. */
  sectionsPerPage: number;
}

/**
 * Which rows a search reads (`sql`, on search_sections `s`, with `$2` = `param`) and which spaces
 * may answer (`live`, on spaces `sp`, besides not being deleted): an organization's spaces must still belong to it, whatever rows
 * an event not applied yet left behind.
 */
interface SearchScope {
  sql: string;
  param: string;
  live: string;
}

// Both configurations OR-ed: a word matches stemmed (English) or as typed (simple).
const QUERY = `SELECT websearch_to_tsquery('english', $1) || websearch_to_tsquery('simple', $1) AS query`;
// The match is marked in markdown bold; fragments keep a snippet short on long sections.
const HEADLINE = `ts_headline('english', s.body, q.query, 'StartSel=**, StopSel=**, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "')`;

/**
 * The ranked sections of a search, grouped by `group` (a space, or a page for space search): the
 * groups of the requested page of results in rank order (a group ranks as its best section), each
 * with its best pages and their best sections. ts_rank's default weights rank a title hit (A)
 * above a heading (B) above a body (C); snippets are made only for the sections returned.
 */
async function searchGrouped(
  db: SqlExecutor,
  scope: SearchScope,
  group: 'space_id' | 'page_id',
  query: string,
  limits: SearchLimits,
): Promise<{ hits: SectionHit[]; total: number }> {
  const rows = await queryRows<SectionHit & { total: number }>(
    db,
    `WITH q AS (${QUERY}),
     matches AS MATERIALIZED (
       SELECT s.space_id, s.page_id, s.position, ts_rank(s.document, q.query) AS rank
       FROM search_sections s, q WHERE ${scope.sql} AND s.document @@ q.query
     ),
     -- Aggregates and window functions only, no joins between derived sets (PostgreSQL cannot
     -- estimate their sizes): a page ranks as its best section and keeps its best few; a group
     -- ranks as its best page.
     pages AS (
       SELECT space_id, page_id, max(rank) AS page_rank,
              (array_agg(position ORDER BY rank DESC, position))[1:$6] AS positions,
              (array_agg(rank ORDER BY rank DESC, position))[1:$6] AS ranks
       FROM matches GROUP BY space_id, page_id
     ),
     -- Live spaces only (the index keeps a deleted space's rows until its event is applied),
     -- checked per matching page rather than per section.
     live_pages AS (SELECT p.* FROM pages p JOIN spaces sp ON sp.id = p.space_id WHERE sp.deleted_at IS NULL ${scope.live}),
     grouped AS (SELECT p.*, max(page_rank) OVER (PARTITION BY ${group}) AS group_rank FROM live_pages p),
     numbered AS (
       SELECT g.*, dense_rank() OVER (ORDER BY group_rank DESC, ${group}) AS group_n,
              row_number() OVER (PARTITION BY ${group} ORDER BY page_rank DESC, space_id, page_id) AS page_n
       FROM grouped g
     ),
     shown AS (SELECT * FROM numbered WHERE group_n > $4 AND group_n <= $4 + $3 AND page_n <= $5)
     SELECT s.space_id AS "spaceId", space.title AS "spaceTitle", s.organization_id AS "organizationId", s.page_id AS "pageId",
            s.page_title AS "pageTitle", s.page_path AS "pagePath", s.position, s.anchor, s.heading,
            CASE WHEN s.body = '' THEN '' ELSE ${HEADLINE} END AS snippet, x.rank,
            (SELECT max(group_n)::int FROM numbered) AS total
     FROM shown h
     CROSS JOIN LATERAL unnest(h.positions, h.ranks) WITH ORDINALITY AS x(position, rank, section_n)
     JOIN search_sections s ON s.space_id = h.space_id AND s.page_id = h.page_id AND s.position = x.position
     JOIN spaces space ON space.id = s.space_id, q
     ORDER BY h.group_n, h.page_n, x.section_n`,
    [query, scope.param, limits.limit, limits.offset, limits.pagesPerSpace, limits.sectionsPerPage],
  );
  // No row: nothing matched, or the page asked for holds none (`limit=0`, or past the end).
  const total = rows[0]?.total ?? (limits.limit === 0 || limits.offset > 0 ? await countGroups(db, scope, group, query) : 0);
  return { hits: rows, total };
}

/** The number of groups, when the main query answers no row to count them. */
async function countGroups(db: SqlExecutor, scope: SearchScope, group: 'space_id' | 'page_id', query: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `WITH q AS (${QUERY})
     SELECT count(DISTINCT s.${group})::int AS n FROM q, search_sections s
     JOIN spaces sp ON sp.id = s.space_id WHERE ${scope.sql} AND s.document @@ q.query AND sp.deleted_at IS NULL ${scope.live}`,
    [query, scope.param],
  );
  return row?.n ?? 0;
}

/** A space's pages that match, best first. */
export function searchSpace(db: SqlExecutor, spaceId: string, query: string, limits: Omit<SearchLimits, 'pagesPerSpace'>) {
  return searchGrouped(db, { sql: 's.space_id = $2', param: spaceId, live: '' }, 'page_id', query, { ...limits, pagesPerSpace: 1 });
}

/** An organization's live spaces that match, best first, with their best pages. */
export function searchOrganization(db: SqlExecutor, organizationId: string, query: string, limits: SearchLimits) {
  return searchGrouped(db, { sql: 's.organization_id = $2', param: organizationId, live: 'AND sp.organization_id = $2' }, 'space_id', query, limits);
}
