import { queryOne, queryRows, type SqlExecutor } from '@quire/platform/sql';
import type { PageSection } from '../../revisions';

// The search index (migrations/007_search.sql, 008_search_tiers.sql, 009_search_page_details.sql):
// its upkeep and its reads.

/** A page as the index holds it: its sections and what they were derived from. */
export interface IndexedPage {
  pageId: string;
  title: string;
  description: string;
  /** The titles of its ancestors, top level first. */
  ancestors: string[];
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

/** Reclaims the rows a rebuild replaced and refreshes statistics. Outside any transaction (VACUUM cannot run in one). */
export async function vacuumSearchIndex(db: SqlExecutor): Promise<void> {
  await db.query('VACUUM (ANALYZE) search_sections, search_pages');
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
  // Each page's ancestors as one JSON array: unnest() would flatten a text[][] into its elements.
  await tx.query(
    `INSERT INTO search_pages (space_id, organization_id, page_id, signature, description, ancestors)
     SELECT $1, $2, p.page_id, p.signature, p.description, ARRAY(SELECT jsonb_array_elements_text(p.ancestors))
     FROM unnest($3::text[], $4::text[], $5::text[], $6::jsonb[]) AS p(page_id, signature, description, ancestors)`,
    [
      space.id,
      space.organizationId,
      pages.map((p) => p.pageId),
      pages.map((p) => p.signature),
      pages.map((p) => p.description),
      pages.map((p) => JSON.stringify(p.ancestors)),
    ],
  );
}

/**
 * Where a search looks: one space, an organization's sections, or some spaces of an organization
 * (a site's) — `scan`: read their sections rather than the index (a handful of pages, see below).
 */
export type SearchScope = { spaceId: string } | { organizationId: string } | { organizationId: string; spaceIds: readonly string[]; scan: boolean };

/** The scope's filter on `search_sections s` and its one parameter ($2). */
function scopeFilter(scope: SearchScope): [string, string | readonly string[]] {
  if ('spaceId' in scope) return ['s.space_id = $2', scope.spaceId];
  // Driven by the GIN indexes alone, like an organization's (migration 007): written as a plain
  // `space_id = ANY`, the planner (without statistics in PGlite) ANDed the primary key's bitmap of
  // every section of the site's spaces, 20–140 ms per tier on a 10,000-page site (EXPLAIN in
  // bench/site-search.js); `|| ''` keeps the key out of the plan, the filter applies per found row.
  // A scan reads the few sections of the spaces through the key instead.
  if ('spaceIds' in scope) return [scope.scan ? 's.space_id = ANY($2::text[])' : "(s.space_id || '') = ANY($2::text[])", scope.spaceIds];
  return ['s.organization_id = $2', scope.organizationId];
}

/**
 * How many pages the index holds of `spaceIds`, counted up to `cap` (so at most `cap` rows are
 * read): whether a site search may scan their sections.
 */
export async function countIndexedPagesUpTo(db: SqlExecutor, spaceIds: readonly string[], cap: number): Promise<number> {
  const row = await queryOne<{ pages: number }>(
    db,
    'SELECT count(*)::int AS pages FROM (SELECT 1 FROM search_pages WHERE space_id = ANY($1::text[]) LIMIT $2) p',
    [spaceIds, cap],
  );
  return row?.pages ?? 0;
}

/** A matching section, before grouping: `tier` 3 = its page title matches, 2 = its heading, 1 = anywhere. */
export interface SearchCandidate {
  spaceId: string;
  pageId: string;
  position: number;
  rank: number;
  tier: number;
}

// Both configurations OR-ed: a word matches stemmed (English) or as typed (simple); once when the
// two read the same (a name, a code identifier), so the index is not walked twice for it.
const QUERY = `SELECT CASE WHEN english::text = simple::text THEN english ELSE english || simple END AS query
  FROM (SELECT websearch_to_tsquery('english', $1) AS english, websearch_to_tsquery('simple', $1) AS simple) c`;

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
  const [where, param] = scopeFilter(scope);
  const tier = (n: number, match: string) =>
    `(SELECT s.space_id AS "spaceId", s.page_id AS "pageId", s.position, ts_rank(s.document, q.query) AS rank, ${n} AS tier
      FROM search_sections s, q WHERE ${where} AND ${match} LIMIT $3)`;
  // `@@` lets an index find the rows; its function form `ts_match_vq`, which no index serves, checks rows read otherwise.
  const matches = (vector: string) => ('scan' in scope && scope.scan ? `ts_match_vq(s.${vector}, q.query)` : `s.${vector} @@ q.query`);
  const candidates = await queryRows<SearchCandidate>(
    db,
    `WITH q AS (${QUERY})
     ${tier(3, `${matches('title_document')} AND ts_match_vq(s.document, q.query)`)}
     UNION ALL ${tier(2, `${matches('heading_document')} AND ts_match_vq(s.document, q.query)`)}
     UNION ALL ${tier(1, matches('document'))}`,
    [query, param, perTier],
  );
  return { candidates, complete: candidates.filter((c) => c.tier === 1).length < perTier };
}

/** The titles of those of `spaceIds` that are live (and, for an organization search, still its own). */
export async function findLiveSpaceTitles(db: SqlExecutor, spaceIds: readonly string[], organizationId?: string): Promise<Map<string, string>> {
  if (!spaceIds.length) return new Map();
  const rows = await queryRows<{ id: string; title: string }>(
    db,
    `SELECT id, title FROM spaces WHERE id = ANY($1) AND deleted_at IS NULL AND ($2::text IS NULL OR organization_id = $2)`,
    [spaceIds, organizationId ?? null],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** A section of a result as shown: what the index holds of it, and a snippet around the match. */
export interface SectionHit {
  spaceId: string;
  organizationId: string;
  pageId: string;
  pageTitle: string;
  pageDescription: string;
  /** The titles of the page's ancestors, top level first. */
  pageAncestors: string[];
  pagePath: string;
  position: number;
  anchor: string;
  heading: string;
  snippet: string;
}

// The match is marked in markdown bold; ts_headline's default (one stretch around the best match)
// costs a tenth of its fragment mode, which matters at 300 snippets per answer.
const HEADLINE = `ts_headline('english', s.body, q.query, 'StartSel=**, StopSel=**, MaxWords=35, MinWords=15')`;

/** The sections at `keys`, in that order (a section reindexed away meanwhile is left out), with snippets. */
export function findSectionHits(db: SqlExecutor, query: string, keys: readonly { spaceId: string; pageId: string; position: number }[]): Promise<SectionHit[]> {
  if (!keys.length) return Promise.resolve([]);
  return queryRows<SectionHit>(
    db,
    `WITH q AS (${QUERY})
     SELECT s.space_id AS "spaceId", s.organization_id AS "organizationId", s.page_id AS "pageId", s.page_title AS "pageTitle",
            p.description AS "pageDescription", p.ancestors AS "pageAncestors",
            s.page_path AS "pagePath", s.position, s.anchor, s.heading, CASE WHEN s.body = '' THEN '' ELSE ${HEADLINE} END AS snippet
     FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS k(space_id, page_id, position, n)
     JOIN search_sections s ON s.space_id = k.space_id AND s.page_id = k.page_id AND s.position = k.position
     JOIN search_pages p ON p.space_id = s.space_id AND p.page_id = s.page_id, q
     ORDER BY k.n`,
    [query, keys.map((k) => k.spaceId), keys.map((k) => k.pageId), keys.map((k) => k.position)],
  );
}
