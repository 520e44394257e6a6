import { GitBookAPIError, SiteRedirectOrderBy, type GitBookAPI } from 'gitbook-api-0202';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { apiClient } from '../support/api';
import { buildOrganization } from '../support/factories';
import { startGitServer } from '../support/git-server';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Quire's own addition (as GitBook does): a new current revision that changes the path
// of a page of a space on a site leaves a redirect from the old address to the page, so old links
// keep working, later moves follow the page, a page moved back is not shadowed and a deleted page
// leaves no loop. Redirects follow content's events (sites' consumer `sites-page-moves`), so every
// check waits with `eventually`. Calls go through today's client (0.202.0), validated by the ledger.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let orgId: string;
let admin: GitBookAPI;
let adminToken: string;

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Automatic redirects org');
  orgId = org.id;
  admin = ledger.client(org.admin.token);
  adminToken = org.admin.token;
});

/** A space with the given top-level pages (slug by ref), on a new site as its only (default) site space. */
async function publishedSpace(title: string, slugs: Record<string, string>) {
  const { data: space } = await admin.orgs.createSpace(orgId, { title });
  const inserts = Object.entries(slugs).map(([ref, slug]) => ({
    operation: 'insert_page' as const,
    ref,
    title: slug,
    slug,
    document: { markdown: `# ${slug}` },
  }));
  const { pages } = await mergeChanges(admin, space.id, inserts);
  const { data: site } = await admin.orgs.createSite(orgId, { title, spaces: [space.id] });
  return { spaceId: space.id, siteId: site.id, pages };
}

/** What getSiteRedirectBySource answers for `source`: the target, or null for a 404. */
async function targetOf(siteId: string, source: string): Promise<string | null> {
  try {
    return (await admin.orgs.getSiteRedirectBySource(orgId, siteId, { source })).data.target;
  } catch (err) {
    if (err instanceof GitBookAPIError && err.code === 404) return null;
    throw err;
  }
}

/** Waits until every source answers what `expected` says (a path of the site, or null: no redirect). */
async function expectTargets(siteId: string, expected: Record<string, string | null>): Promise<void> {
  const actual = async () => Object.fromEntries(await Promise.all(Object.keys(expected).map(async (s) => [s, await targetOf(siteId, s)] as const)));
  const matches = (found: Record<string, string | null>) =>
    Object.entries(expected).every(([source, path]) => (path === null ? found[source] === null : found[source]?.endsWith(`/${path}`) === true));
  await eventually(async () => matches(await actual()), 20000).catch(async () => {
    expect(await actual()).toEqual(expected); // shows what was answered instead
  });
}

const rename = (page: string, slug: string) => ({ operation: 'update_page' as const, page, slug });

describe('automatic redirects of moved pages', () => {
  it('redirects a page renamed through a merge, follows later moves, and never shadows a page moved back', async () => {
    const { spaceId, siteId, pages } = await publishedSpace('Moves', { intro: 'intro', other: 'other' });
    const page = pages.intro as string;

    await mergeChanges(admin, spaceId, [rename(page, 'start')]);
    await expectTargets(siteId, { '/intro': 'start', '/other': null });
    const { data: redirect } = await admin.orgs.getSiteRedirectBySource(orgId, siteId, { source: '/intro' });
    expect(redirect.redirect).toMatchObject({ source: '/intro', draft: false, permanent: false, destination: { kind: 'site-page', pageId: page } });

    // Moved again: both old addresses answer the newest one (no chain: each names the page).
    await mergeChanges(admin, spaceId, [rename(page, 'begin')]);
    await expectTargets(siteId, { '/intro': 'begin', '/start': 'begin' });

    // Moved back: the page's address is live again and no redirect shadows it (no A→B→A).
    await mergeChanges(admin, spaceId, [rename(page, 'intro')]);
    await expectTargets(siteId, { '/intro': null, '/start': 'intro', '/begin': 'intro' });
    // Automatic redirects are listed with the user's.
    const { data: list } = await admin.orgs.listSiteRedirects(orgId, siteId, { orderBy: SiteRedirectOrderBy.Source });
    expect(list.items.map((r) => r.source)).toEqual(['/begin', '/start']);
  });

  it('redirects the pages below a moved page, and leaves no redirect to a page deleted since', async () => {
    const { spaceId, siteId, pages } = await publishedSpace('Nested', { guide: 'guide' });
    const { pages: child } = await mergeChanges(admin, spaceId, [
      { operation: 'insert_page', ref: 'install', title: 'Install', slug: 'install', into: pages.guide as string, document: { markdown: '# Install' } },
    ]);
    await mergeChanges(admin, spaceId, [rename(pages.guide as string, 'manual')]);
    await expectTargets(siteId, { '/guide': 'manual', '/guide/install': 'manual/install' });

    await mergeChanges(admin, spaceId, [{ operation: 'delete_page', page: child.install as string }]);
    await expectTargets(siteId, { '/guide': 'manual', '/guide/install': null, '/manual/install': null });
  });

  it('keeps a redirect a user made at an old address', async () => {
    const { spaceId, siteId, pages } = await publishedSpace('Mine', { intro: 'intro' });
    await admin.orgs.createSiteRedirect(orgId, siteId, { source: '/intro', destination: { kind: 'external', url: 'https://example.com/mine' } });
    await mergeChanges(admin, spaceId, [rename(pages.intro as string, 'start')]);
    // A second move's redirect proves the first move's event was handled (one space's events keep their order).
    await mergeChanges(admin, spaceId, [rename(pages.intro as string, 'later')]);
    await expectTargets(siteId, { '/start': 'later' });
    expect(await targetOf(siteId, '/intro')).toBe('https://example.com/mine');
  });

  it('redirects a page a Git Sync import moved (its file renamed, its text unchanged)', async () => {
    const server = await startGitServer();
    try {
      const summary = (file: string) => `# Summary\n\n* [Home](README.md)\n* [Guide](${file})\n`;
      server.createRepository('moves', { 'README.md': '# Home\n\nWelcome.\n', 'SUMMARY.md': summary('guide.md'), 'guide.md': '# Guide\n\nHow to.\n' });
      const { data: space } = await admin.orgs.createSpace(orgId, { title: 'Synced moves' });
      const { data: site } = await admin.orgs.createSite(orgId, { title: 'Synced moves', spaces: [space.id] });
      const api = apiClient(stack, adminToken);
      const importOnce = async () => {
        const before = (await api.get(`/v1/spaces/${space.id}/git/operations/latest`)).body?.id as string | undefined;
        await admin.spaces.importGitRepository(space.id, { url: server.url('moves'), ref: 'refs/heads/main' });
        let state = '';
        await eventually(async () => {
          const res = await api.get(`/v1/spaces/${space.id}/git/operations/latest`);
          state = res.status === 200 && res.body.id !== before ? (res.body.state as string) : '';
          return state === 'success' || state === 'failure';
        }, 60_000);
        expect(state).toBe('success');
      };
      await importOnce();
      server.commitFiles('moves', { 'SUMMARY.md': summary('manual.md'), 'manual.md': '# Guide\n\nHow to.\n' }, 'Rename the guide');
      await importOnce();
      await expectTargets(site.id, { '/guide': 'manual', '/manual': null });
    } finally {
      await server.close();
    }
  });

  it("answered every successful call valid under 0.202.0's schemas", () => {
    expect(ledger.calls.filter((c) => c.status < 300).flatMap((c) => c.problems)).toEqual([]);
  });
});
