import { pickRedirect, redirectCandidates } from '@quire/publishing';
import { newId } from '@quire/ids';
import { UrlBuilder } from '@quire/urls';
import type { MembershipResolver } from '@quire/platform/membership';
import { typedSql } from '@quire/platform/sql';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { bulkUpsertSiteRedirects } from '../src/modules/redirects/application/bulk-upsert-site-redirects';
import { findRedirectsByKeys, insertRedirect, redirectsByKeysQuery } from '../src/modules/redirects/store/site-redirects.store';
import type { SiteRedirectFields } from '../src/modules/redirects/model/site-redirect';
import { openSitesDb, seedSite } from './sites-db';

// The redirect store's probe: a lookup is one probe of the unique index
// (site, draft, source_key) with the candidate keys of the path, never a scan; and a bulk call that
// fails writes nothing, its outbox event included.

const NOW = new Date('2026-01-01T00:00:00Z');
const external = { kind: 'external' as const, url: 'https://example.com/' };
const fields = (key: string, draft = false): SiteRedirectFields => ({
  source: key,
  key,
  draft,
  captureWildcard: false,
  permanent: false,
  destination: external,
});

describe('site redirects store', () => {
  let db: PgliteDatabase;
  let siteId: string;

  beforeAll(async () => {
    db = await openSitesDb();
    siteId = await seedSite(db, 'org1', ['space1']);
    // 2,000 redirects and no ANALYZE (PGlite has no autovacuum): the plan must not depend on statistics.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 2000; i++) await insertRedirect(tx, newId(), siteId, fields(i % 2 ? `/p/${i}` : `/w/${i}/*`), NOW);
    });
  });
  afterAll(async () => {
    await db.close();
  });

  it('finds the best match of a path in one probe of the unique index', async () => {
    const probe = redirectCandidates('/w/42/deep/er');
    const found = await findRedirectsByKeys(
      db,
      siteId,
      false,
      probe.candidates.map((c) => c.key),
    );
    expect(found.map((r) => r.key)).toEqual(['/w/42/*']);
    expect(pickRedirect(probe, found)?.candidate.suffix).toBe('deep/er');
    const probeQuery = redirectsByKeysQuery(
      siteId,
      false,
      probe.candidates.map((c) => c.key),
    ).compile(typedSql(db));
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${probeQuery.sql}`, [...probeQuery.parameters]);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using site_redirects_source on site_redirects/);
    expect(plan).toMatch(/Index Cond: \(\(site_id = .*\) AND \(draft = false\) AND \(source_key = k\.key\)\)/);
    expect(plan).not.toMatch(/Seq Scan on site_redirects|site_redirects_created/);
  });

  it('keeps one live and one draft redirect per source key', async () => {
    await insertRedirect(db, newId(), siteId, fields('/p/1', true), NOW);
    await expect(insertRedirect(db, newId(), siteId, fields('/p/1', true), NOW)).rejects.toThrow();
    await expect(insertRedirect(db, newId(), siteId, fields('/p/1'), NOW)).rejects.toThrow();
  });

  it('writes nothing of a bulk call whose last item fails, not even its event', async () => {
    const outbox = async () => (await db.query<{ n: string }>('SELECT count(*) AS n FROM outbox')).rows[0]?.n;
    const before = { outbox: await outbox(), rows: (await findRedirectsByKeys(db, siteId, false, ['/new/1', '/new/2'])).length };
    // An admin of the site's organization: the use case authorizes its caller first.
    const membership = { membership: async () => ({ organizationExists: true, role: 'admin', guest: false, teamIds: [] }) } as unknown as MembershipResolver;
    const deps = { db, clock: () => NOW, urls: new UrlBuilder('http://quire.test'), clients: undefined as never, membership };
    const site = { organizationId: 'org1', siteId };
    const steps = [
      { kind: 'upsert' as const, source: '/new/1', key: '/new/1', draft: false, destination: external },
      { kind: 'upsert' as const, source: '/new/2', key: '/new/2', draft: false, destination: { kind: 'site-section' as const, siteSectionId: 'gone' } },
    ];
    await expect(bulkUpsertSiteRedirects(deps, 'u1', site, steps)).rejects.toThrow(/redirects\.1\.destination\.siteSectionId/);
    expect({ outbox: await outbox(), rows: (await findRedirectsByKeys(db, siteId, false, ['/new/1', '/new/2'])).length }).toEqual(before);
    await bulkUpsertSiteRedirects(deps, 'u1', site, steps.slice(0, 1));
    expect(Number(await outbox())).toBe(Number(before.outbox) + 1);
  });
});
