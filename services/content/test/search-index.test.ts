import { newId } from '@quire/ids';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { bodyHash } from '../src/modules/revisions/domain/apply-import';
import type { StoredPage } from '../src/modules/revisions/model/revision-tree';
import { reindexSpace } from '../src/modules/search/application/reindex-space';
import { applySearchEvent, catchUpSpaceIndex, PAGES_PER_STEP } from '../src/modules/search/consumers/search-index.consumer';
import { ForegroundGate } from '../src/modules/search/consumers/foreground-gate';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { insertBodyRows, insertRevisionRow, updateSpaceRevision } from '../src/modules/revisions/store/revision-content.store';
import { CANDIDATES_PER_TIER } from '../src/modules/search/domain/search-content';
import { searchOrganization, searchSpace, searchSpaces } from '../src/modules/search/application/search-sections';
import { findSearchCandidates } from '../src/modules/search/store/search.store';
import { openContentDb } from './content-db';

// The search index on a real (embedded) PostgreSQL: the state-based reindex, and what the two
// queries find and rank.

describe('search index', () => {
  let db: PgliteDatabase;
  beforeAll(async () => {
    db = await openContentDb();
  });
  afterAll(async () => {
    await db.close();
  });

  const newSpace = (organizationId = 'org1') =>
    createSpaceWithRevision(
      db,
      { organizationId, parentId: null, title: 'Handbook', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
      new Date(),
    );
  const page = (id: string, title: string, markdown: string, extra: Partial<StoredPage> = {}) => ({
    page: { id, parentId: null, kind: 'document' as const, title, slug: title.toLowerCase().replace(/\W+/g, '-'), body: bodyHash(markdown), ...extra },
    markdown,
  });
  /** A new current revision of the space holding `pages`. */
  const publish = async (spaceId: string, pages: { page: StoredPage; markdown: string }[]) => {
    const revisionId = newId();
    await db.transaction(async (tx) => {
      await insertBodyRows(
        tx,
        pages.map((p) => ({ hash: bodyHash(p.markdown), markdown: p.markdown, links: [] })),
      );
      await insertRevisionRow(
        tx,
        { id: revisionId, spaceId, parents: [], type: 'edits', tree: { pages: pages.map((p) => p.page), files: [] }, createdBy: 'u1' },
        new Date(),
      );
      await updateSpaceRevision(tx, spaceId, revisionId, new Date());
    });
  };
  const reindex = (spaceId: string) => db.transaction((tx) => reindexSpace(tx, spaceId));
  const limits = { limit: 20, offset: 0, sectionsPerPage: 3 };
  const found = async (spaceId: string, query: string) => (await searchSpace(db, spaceId, query, limits)).hits.map((h) => `${h.pageId}#${h.position}`);

  it('indexes sections, finds stemmed words, phrases, exclusions and identifiers as typed, and marks the match', async () => {
    const space = await newSpace();
    await publish(space.id, [
      page('p1', 'Installing', 'Run the installer.\n\n## Configuration\n\nCall `getUserById` before starting the server.'),
      page('p2', 'Servers', 'Servers are started by systemd.\n\n## Stopping\n\nNever stop the database first.'),
    ]);
    expect(await reindex(space.id)).toEqual({ pages: 2, written: 2, removed: 0, remaining: 0 });

    expect(await found(space.id, 'install')).toEqual(['p1#0']);
    expect(await found(space.id, 'getUserById')).toEqual(['p1#1']);
    expect(await found(space.id, '"stop the database"')).toEqual(['p2#1']);
    expect(await found(space.id, 'server -systemd')).toEqual(['p1#1']);
    expect(await found(space.id, 'installer OR systemd')).toHaveLength(2);

    // Ranked title > heading > body: "servers" is p2's title and only p1's body.
    const { hits } = await searchSpace(db, space.id, 'servers', limits);
    expect(hits.map((h) => h.pageId)).toEqual(['p2', 'p1']);
    expect(hits.find((h) => h.pageId === 'p1')?.snippet).toContain('**server**');
    // `count` holds with no item asked for, and past the last page.
    expect(await searchSpace(db, space.id, 'servers', { ...limits, limit: 0 })).toEqual({ hits: [], groups: 2, complete: true });
    expect(await searchSpace(db, space.id, 'servers', { ...limits, offset: 5 })).toEqual({ hits: [], groups: 2, complete: true });
  });

  it("answers each hit's page description, ancestors' titles, score and position, and rewrites a page whose parent is renamed", async () => {
    const space = await newSpace();
    const group = { id: 'g', parentId: null, kind: 'group' as const, title: 'Guides', slug: 'guides' };
    const tree = (parentTitle: string) => [
      { page: group, markdown: '' },
      page('parent', parentTitle, 'An overview.', { parentId: 'g' }),
      page('child', 'Tuning', 'Tune the quokka engine.', { parentId: 'parent', description: 'Make it fast' }),
      page('other', 'Quokka facts', 'Quokkas are small.'),
    ];
    await publish(space.id, tree('Setup'));
    await reindex(space.id);
    const { hits } = await searchSpace(db, space.id, 'quokka', limits);
    expect(hits.map((h) => [h.pageId, h.pageDescription, h.pageAncestors, h.pageRank])).toEqual([
      ['other', '', [], 1],
      ['child', 'Make it fast', ['Guides', 'Setup'], 2],
    ]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[1]!.score).toBeGreaterThan(0);
    // The next page of results keeps each page's position.
    expect((await searchSpace(db, space.id, 'quokka', { ...limits, offset: 1 })).hits.map((h) => [h.pageId, h.pageRank])).toEqual([['child', 2]]);

    await publish(space.id, tree('Installation'));
    expect(await reindex(space.id)).toMatchObject({ written: 2 });
    expect((await searchSpace(db, space.id, 'tune', limits)).hits.map((h) => h.pageAncestors)).toEqual([['Guides', 'Installation']]);
  });

  it("searches only the spaces named (a site's), live and of the organization, paged over pages ranked as one list", async () => {
    const [a, b, off, foreign] = [await newSpace('orgS'), await newSpace('orgS'), await newSpace('orgS'), await newSpace('orgT')];
    await publish(a.id, [page('a1', 'Wallaby', 'A wallaby.'), page('a2', 'Notes', 'Wallaby notes.\n\n## Wallaby diet\n\nGrass.')]);
    await publish(b.id, [page('b1', 'Plains', 'The wallaby plains.')]);
    await publish(off.id, [page('o1', 'Wallaby', 'Off the site.')]);
    await publish(foreign.id, [page('f1', 'Wallaby', 'Another organization.')]);
    for (const s of [a, b, off, foreign]) await reindex(s.id);
    const all = await searchSpaces(db, 'orgS', [a.id, b.id, foreign.id], 'wallaby', limits);
    expect([...new Set(all.hits.map((h) => h.spaceId))].sort()).toEqual([a.id, b.id].sort());
    expect(all).toMatchObject({ groups: 3, complete: true });
    expect(all.hits[0]).toMatchObject({ pageId: 'a1', pageRank: 1 });
    // One page per group: `limit` counts pages, and ranks go on from one answer to the next.
    const second = await searchSpaces(db, 'orgS', [a.id, b.id], 'wallaby', { ...limits, limit: 1, offset: 1 });
    expect([...new Set(second.hits.map((h) => `${h.pageId}:${h.pageRank}`))]).toEqual([all.hits.find((h) => h.pageRank === 2)!].map((h) => `${h.pageId}:2`));
  });

  it("finds the same candidates in a site's spaces whether it scans their sections or reads the index", async () => {
    const [a, b] = [await newSpace('orgScan'), await newSpace('orgScan')];
    await publish(a.id, [page('s1', 'Echidna care', 'Feed the echidna.\n\n## Echidna spines\n\nSharp. Not a hedgehog.'), page('s2', 'Other', 'Nothing.')]);
    await publish(b.id, [page('s3', 'Burrows', 'An echidna burrow, a hedgehog nest.')]);
    for (const s of [a, b]) await reindex(s.id);
    for (const query of ['echidna', 'echidna -hedgehog', '"echidna spines"', 'nothing OR burrow', 'absent']) {
      const scope = { organizationId: 'orgScan', spaceIds: [a.id, b.id] };
      const sorted = (r: { candidates: { spaceId: string; pageId: string; position: number; tier: number }[] }) =>
        r.candidates.map((c) => `${c.pageId}#${c.position}:${c.tier}`).sort();
      const scanned = await findSearchCandidates(db, { ...scope, scan: true }, query, CANDIDATES_PER_TIER);
      const indexed = await findSearchCandidates(db, { ...scope, scan: false }, query, CANDIDATES_PER_TIER);
      expect(sorted(scanned)).toEqual(sorted(indexed));
      if (query === 'echidna') expect(sorted(scanned)).toEqual(['s1#0:1', 's1#0:3', 's1#1:1', 's1#1:2', 's3#0:1']);
    }
  });

  it('rewrites only changed pages, drops removed ones, and is harmless to repeat', async () => {
    const space = await newSpace();
    await publish(space.id, [page('a', 'Alpha', 'apples'), page('b', 'Beta', 'bananas'), page('c', 'Gamma', 'cherries')]);
    expect(await reindex(space.id)).toEqual({ pages: 3, written: 3, removed: 0, remaining: 0 });
    expect(await reindex(space.id)).toEqual({ pages: 3, written: 0, removed: 0, remaining: 0 });

    await publish(space.id, [page('a', 'Alpha', 'apricots'), page('c', 'Gamma', 'cherries')]);
    expect(await reindex(space.id)).toEqual({ pages: 2, written: 1, removed: 1, remaining: 0 });
    expect(await found(space.id, 'bananas')).toEqual([]);
    expect(await found(space.id, 'apples')).toEqual([]);
    expect(await found(space.id, 'apricots')).toEqual(['a#0']);
  });

  it('reindexes in bounded passes that converge on the whole index', async () => {
    const space = await newSpace();
    await publish(space.id, [page('a', 'Alpha', 'apples'), page('b', 'Beta', 'bananas'), page('c', 'Gamma', 'cherries')]);
    const pass = () => db.transaction((tx) => reindexSpace(tx, space.id, { maxPages: 2 }));
    expect(await pass()).toEqual({ pages: 3, written: 2, removed: 0, remaining: 1 });
    expect(await found(space.id, 'apples')).toEqual(['a#0']);
    expect(await pass()).toEqual({ pages: 3, written: 1, removed: 0, remaining: 0 });
    expect(await pass()).toEqual({ pages: 3, written: 0, removed: 0, remaining: 0 });
    expect(await found(space.id, 'cherries')).toEqual(['c#0']);
  });

  it('catches a space up in steps of its own transactions', async () => {
    const space = await newSpace();
    const pages = Array.from({ length: PAGES_PER_STEP * 2 + 1 }, (_, i) => page(`p${i}`, `Page ${i}`, `word${i} common`));
    await publish(space.id, pages);
    const transaction = jest.spyOn(db, 'transaction');
    try {
      expect(await catchUpSpaceIndex(db, space.id, new ForegroundGate(0))).toBe(pages.length);
      expect(transaction).toHaveBeenCalledTimes(3);
    } finally {
      transaction.mockRestore();
    }
    expect(await found(space.id, `word${pages.length - 1}`)).toEqual([`p${pages.length - 1}#0`]);
    expect(await catchUpSpaceIndex(db, space.id, new ForegroundGate(0))).toBe(0);
  });

  it('follows the space: deleted and restored, transferred, purged; ignores change request revisions', async () => {
    const space = await newSpace('org-x');
    await publish(space.id, [page('k', 'Kiwi', 'kiwifruit orchards')]);
    const event = (type: string, data: Record<string, unknown>) => applySearchEvent(db, { id: newId(), type, data: { spaceId: space.id, ...data } } as never);
    const orgHits = async (org: string) => (await searchOrganization(db, org, { all: true }, 'kiwifruit', { ...limits, pagesPerGroup: 5 })).hits.length;

    expect(await event('revision.created', { current: false })).toBeNull();
    expect(await event('space.updated', {})).toBeNull();
    expect(await orgHits('org-x')).toBe(0);
    await event('revision.created', { current: true });
    expect(await orgHits('org-x')).toBe(1);

    await db.query('UPDATE spaces SET deleted_at = now() WHERE id = $1', [space.id]);
    await event('space.deleted', {});
    expect(await orgHits('org-x')).toBe(0);
    await db.query('UPDATE spaces SET deleted_at = NULL WHERE id = $1', [space.id]);
    await event('space.restored', {});
    expect(await orgHits('org-x')).toBe(1);

    await db.query(`UPDATE spaces SET organization_id = 'org-y' WHERE id = $1`, [space.id]);
    await event('space.transferred', { from: 'org-x', to: 'org-y' });
    expect([await orgHits('org-x'), await orgHits('org-y')]).toEqual([0, 1]);

    await db.query('DELETE FROM spaces WHERE id = $1', [space.id]);
    expect(await event('space.purged', {})).toEqual({ pages: 0, written: 0, removed: 1, remaining: 0 });
    expect(await db.query('SELECT 1 FROM search_sections WHERE space_id = $1', [space.id])).toMatchObject({ rows: [] });
  });

  it('ranks a bounded sample of a broad query, title and heading matches first, and says it is one', async () => {
    const space = await newSpace('org-broad');
    await publish(space.id, [
      ...['a', 'b', 'c', 'd', 'e'].map((id) => page(id, `Page ${id}`, `plain words about widgets on page ${id}`)),
      page('t', 'Widgets', 'nothing else here'),
      page('h', 'Heading', 'intro\n\n## All the widgets\n\nmore text'),
    ]);
    await reindex(space.id);
    const tiers = async (perTier: number) => {
      const { candidates, complete } = await findSearchCandidates(db, { spaceId: space.id }, 'widgets', perTier);
      return { complete, found: new Set(candidates.map((c) => `${c.pageId}:${c.tier}`)) };
    };
    const narrow = await tiers(2);
    expect(narrow.complete).toBe(false);
    // Whatever two of the seven matches the last tier read, the title and the heading match are in.
    expect(narrow.found.has('t:3') && narrow.found.has('h:2')).toBe(true);
    expect([...narrow.found].filter((k) => k.endsWith(':1'))).toHaveLength(2);
    const wide = await tiers(100);
    expect(wide.complete).toBe(true);
    expect(
      [...wide.found]
        .filter((k) => k.endsWith(':1'))
        .map((k) => k[0])
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'h', 't']);
    // An exclusion holds in every tier: the title matches "widgets", the body holds "else".
    const excluded = await findSearchCandidates(db, { spaceId: space.id }, 'widgets -else', 100);
    expect(excluded.candidates.map((c) => c.pageId)).not.toContain('t');
    expect(excluded.candidates.length).toBeGreaterThan(0);
  });

  it('says a search is incomplete when more sections match than it ranks', async () => {
    const space = await newSpace('org-many');
    const headings = Array.from({ length: CANDIDATES_PER_TIER + 1 }, (_, i) => `## Part ${i}\n\nEvery part mentions zebras.`).join('\n\n');
    await publish(space.id, [page('z', 'Zoo', headings), page('y', 'Yard', 'one zebra')]);
    await reindex(space.id);
    const broad = await searchSpace(db, space.id, 'zebras', limits);
    expect(broad).toMatchObject({ complete: false, groups: expect.any(Number) });
    expect(broad.hits.length).toBeGreaterThan(0);
    expect(await searchSpace(db, space.id, 'yard', limits)).toMatchObject({ complete: true, groups: 1 });
  });
});
