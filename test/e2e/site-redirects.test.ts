import { GitBookAPIError, type GitBookAPI } from 'gitbook-api-0202';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Site redirects through today's client (@gitbook/api 0.202.0), every answer
// validated against 0.202.0's schemas by the ledger: the six operations, wildcard lookups with
// captureWildcard, drafts and their publishing, bulk atomicity and its limit, roles, and hostile
// sources. Nothing here depends on the bus, so it holds in both modes as written.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let orgId: string;
let admin: GitBookAPI;
let reader: GitBookAPI;
let editor: GitBookAPI;
let stranger: GitBookAPI;

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Redirects org');
  orgId = org.id;
  admin = ledger.client(org.admin.token);
  const [r, e, s] = await Promise.all([buildMember(stack, orgId, 'read'), buildMember(stack, orgId, 'edit'), buildUser(stack, 'stranger')]);
  reader = ledger.client(r.token);
  editor = ledger.client(e.token);
  stranger = ledger.client(s.token);
});

/** The status and message of a call the client refused, or of a call that succeeded (status only). */
async function outcome(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    const res = (await call) as { status: number };
    return { status: res.status, message: '' };
  } catch (err) {
    if (err instanceof GitBookAPIError) return { status: err.code, message: err.errorMessage };
    throw err;
  }
}

async function newSite(title: string) {
  const { data: space } = await admin.orgs.createSpace(orgId, { title: `${title} space` });
  const { data: site } = await admin.orgs.createSite(orgId, { title, spaces: [space.id] });
  const { data: siteSpaces } = await admin.orgs.listSiteSpaces(orgId, site.id);
  return { site, siteSpaceId: siteSpaces.items[0]!.id, spaceId: space.id };
}

const external = (url: string) => ({ kind: 'external' as const, url });

describe('site redirects (0.202.0)', () => {
  it('creates, lists, updates, looks up and deletes a redirect', async () => {
    const { site, siteSpaceId } = await newSite('Redirects basics');
    const { data: created, status } = await admin.orgs.createSiteRedirect(orgId, site.id, {
      source: '/old/page',
      destination: { kind: 'site-space', siteSpaceId },
    });
    expect(status).toBe(201);
    expect(created).toMatchObject({
      object: 'site-redirect',
      source: '/old/page',
      draft: false,
      captureWildcard: false,
      permanent: false,
      destination: { kind: 'site-space', siteSpaceId },
    });
    expect(created.updatedAt).toBeUndefined();

    const { data: list } = await admin.orgs.listSiteRedirects(orgId, site.id);
    expect(list.items.map((r) => r.id)).toEqual([created.id]);
    expect((await reader.orgs.listSiteRedirects(orgId, site.id, { search: 'OLD' })).data.items.map((r) => r.id)).toEqual([created.id]);
    expect((await admin.orgs.listSiteRedirects(orgId, site.id, { search: 'nothing' })).data.items).toEqual([]);

    const { data: found } = await reader.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/old/page' });
    expect(found.redirect.id).toBe(created.id);
    expect(found.target).toMatch(new RegExp(`/sites/${orgId}/[^/]+/$`));

    const { data: updated } = await admin.orgs.updateSiteRedirectById(orgId, site.id, created.id, {
      destination: external('https://example.com/new'),
      permanent: true,
    });
    expect(updated).toMatchObject({ id: created.id, source: '/old/page', permanent: true, destination: external('https://example.com/new') });
    expect(updated.updatedAt).toEqual(expect.any(String));
    expect((await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/old/page/' })).data.target).toBe('https://example.com/new');

    expect((await admin.orgs.deleteSiteRedirectById(orgId, site.id, created.id)).status).toBe(205);
    expect((await outcome(admin.orgs.deleteSiteRedirectById(orgId, site.id, created.id))).status).toBe(204);
    expect((await outcome(admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/old/page' }))).status).toBe(404);
    expect((await outcome(admin.orgs.updateSiteRedirectById(orgId, site.id, created.id, { permanent: false }))).status).toBe(404);
  });

  it('refuses a second redirect with the same source, and destinations the site does not have', async () => {
    const { site } = await newSite('Redirects conflicts');
    await admin.orgs.createSiteRedirect(orgId, site.id, { source: '/a', destination: external('https://example.com/') });
    // The same source in another spelling ("%41" is "A" canonically) is the same redirect.
    expect((await outcome(admin.orgs.createSiteRedirect(orgId, site.id, { source: '/%61', destination: external('https://example.com/b') }))).status).toBe(409);
    const missing = await outcome(
      admin.orgs.createSiteRedirect(orgId, site.id, { source: '/b', destination: { kind: 'site-section', siteSectionId: 'nope' } }),
    );
    expect(missing).toEqual({ status: 400, message: expect.stringContaining('destination.siteSectionId') });
    const badUrl = await outcome(admin.orgs.createSiteRedirect(orgId, site.id, { source: '/b', destination: external('javascript:alert(1)') }));
    expect(badUrl).toEqual({ status: 400, message: expect.stringContaining('destination') });
  });

  it('takes a page by its path in a space of the site, and answers a page destination with the page’s address', async () => {
    const { site, siteSpaceId, spaceId } = await newSite('Redirects to pages');
    const { pages: top } = await mergeChanges(admin, spaceId, [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', slug: 'guide', document: { markdown: '# Guide' } },
    ]);
    const { pages } = await mergeChanges(admin, spaceId, [
      { operation: 'insert_page', ref: 'install', title: 'Install', slug: 'install', into: top.guide as string, document: { markdown: '# Install' } },
    ]);
    const install = pages.install as string;

    // {kind: "path"} is resolved once, to the page of that path in the site space showing the space.
    const { data: created } = await admin.orgs.createSiteRedirect(orgId, site.id, {
      source: '/old-install',
      destination: { kind: 'path', spaceId, path: '/guide/install' },
    });
    expect(created.destination).toEqual({ kind: 'site-page', siteSpaceId, pageId: install });
    const { data: found } = await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/old-install' });
    expect(found.target).toMatch(new RegExp(`/sites/${orgId}/[^/]+/guide/install$`));

    const { data: bulk } = await admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, {
      redirects: [{ source: '/g', intent: 'live', destination: { kind: 'path', spaceId, path: 'guide' } }],
    });
    expect(bulk.results).toMatchObject([{ status: 'created', source: '/g' }]);
    expect((await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/g' })).data.target).toMatch(/\/guide$/);

    const noPage = await outcome(admin.orgs.createSiteRedirect(orgId, site.id, { source: '/x', destination: { kind: 'path', spaceId, path: 'nope' } }));
    expect(noPage).toEqual({ status: 400, message: expect.stringContaining('"destination.path"') });
    const { spaceId: elsewhere } = await newSite('Another site');
    const notShown = await outcome(
      admin.orgs.createSiteRedirect(orgId, site.id, { source: '/x', destination: { kind: 'path', spaceId: elsewhere, path: 'a' } }),
    );
    expect(notShown).toEqual({ status: 400, message: expect.stringContaining('"destination.spaceId"') });
    const inBulk = await outcome(
      admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, {
        redirects: [
          { source: '/y', intent: 'live', destination: external('https://example.com/') },
          { source: '/z', intent: 'live', destination: { kind: 'path', spaceId, path: 'guide/nope' } },
        ],
      }),
    );
    expect(inBulk).toEqual({ status: 400, message: expect.stringContaining('"redirects.1.destination.path"') });
    expect(await outcome(admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/y' }))).toMatchObject({ status: 404 });

    // A page deleted since: its redirects answer the site space's address.
    await mergeChanges(admin, spaceId, [{ operation: 'delete_page', page: install }]);
    const { data: gone } = await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/old-install' });
    expect(gone.target).toMatch(new RegExp(`/sites/${orgId}/[^/]+/$`));
  });

  it('matches wildcards by the longest prefix, exact first, appending the suffix with captureWildcard', async () => {
    const { site } = await newSite('Redirects wildcards');
    const { data: bulk } = await admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, {
      redirects: [
        { source: '/docs/*', destination: external('https://example.com/v2?x=1'), captureWildcard: true },
        { source: '/docs/api*', destination: external('https://api.example.com/ref'), captureWildcard: true, permanent: true },
        { source: '/docs/exact', destination: external('https://example.com/exact') },
        { source: '/blog*', destination: external('https://blog.example.com/') },
      ],
    });
    expect(bulk.results.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created']);
    const target = async (source: string): Promise<string | number> => {
      try {
        return (await reader.orgs.getSiteRedirectBySource(orgId, site.id, { source })).data.target;
      } catch (err) {
        if (err instanceof GitBookAPIError) return err.code;
        throw err;
      }
    };
    expect(await target('/docs/guide/intro')).toBe('https://example.com/v2/guide/intro?x=1');
    expect(await target('/docs/exact')).toBe('https://example.com/exact');
    expect(await target('/docs/api-v2/users')).toBe('https://api.example.com/ref-v2/users');
    expect(await target('/docs/../docs/./guide')).toBe('https://example.com/v2/guide?x=1');
    expect(await target('/docs/a/../../../etc')).toBe(404);
    expect(await target('/docs')).toBe(404);
    expect(await target('/blog')).toBe('https://blog.example.com/');
    expect(await target('/blogging/today')).toBe('https://blog.example.com/');
    expect(await target('/elsewhere')).toBe(404);
  });

  it('keeps drafts out of lookups until they are published, and deletes by source', async () => {
    const { site } = await newSite('Redirects drafts');
    await admin.orgs.createSiteRedirect(orgId, site.id, { source: '/moved', destination: external('https://example.com/live') });
    const { data: draft } = await admin.orgs.createSiteRedirect(orgId, site.id, {
      source: '/moved',
      destination: external('https://example.com/draft'),
      draft: true,
    });
    expect(draft.draft).toBe(true);
    expect((await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/moved' })).data.target).toBe('https://example.com/live');
    expect((await admin.orgs.listSiteRedirects(orgId, site.id, { draft: true })).data.items.map((r) => r.id)).toEqual([draft.id]);

    const { data: published } = await admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: [{ source: '/moved', intent: 'publish' }] });
    expect(published.results).toEqual([{ status: 'published', source: '/moved', draft: false, id: draft.id }]);
    expect((await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/moved' })).data.target).toBe('https://example.com/draft');
    expect((await admin.orgs.listSiteRedirects(orgId, site.id, { draft: true })).data.items).toEqual([]);
    expect((await admin.orgs.listSiteRedirects(orgId, site.id)).data.items.map((r) => r.id)).toEqual([draft.id]);

    const { data: upserts } = await admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, {
      redirects: [
        { source: '/moved', destination: external('https://example.com/again') },
        { source: '/new', intent: 'draft', destination: external('https://example.com/n') },
      ],
    });
    expect(upserts.results.map((r) => [r.status, r.draft])).toEqual([
      ['updated', false],
      ['created', true],
    ]);
    const { data: deletions } = await admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: [{ source: '/moved', destination: null }] });
    expect(deletions.results).toEqual([{ status: 'deleted', source: '/moved', draft: false }]);
    expect((await outcome(admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/moved' }))).status).toBe(404);
    // Promoting by PATCH: draft false.
    const [newDraft] = (await admin.orgs.listSiteRedirects(orgId, site.id, { draft: true })).data.items;
    expect((await admin.orgs.updateSiteRedirectById(orgId, site.id, newDraft!.id, { draft: false })).data.draft).toBe(false);
    expect((await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/new' })).data.target).toBe('https://example.com/n');
  });

  it('writes nothing of a bulk call with one bad item, naming the item', async () => {
    const { site } = await newSite('Redirects atomic');
    const good = (n: number) => ({ source: `/good/${n}`, destination: external(`https://example.com/${n}`) });
    const badSource = await outcome(
      admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, {
        redirects: [good(1), good(2), { source: '/bad/../x', destination: external('https://example.com/') }],
      }),
    );
    expect(badSource).toEqual({ status: 400, message: expect.stringContaining('redirects.2.source') });
    const badSection = await outcome(
      admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, {
        redirects: [good(1), { source: '/s', destination: { kind: 'site-section', siteSectionId: 'gone' } }, good(3)],
      }),
    );
    expect(badSection).toEqual({ status: 400, message: expect.stringContaining('redirects.1.destination.siteSectionId') });
    const badPublish = await outcome(admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: [good(1), { source: '/no-draft', intent: 'publish' }] }));
    expect(badPublish).toEqual({ status: 400, message: expect.stringContaining('redirects.1.source') });
    const twice = await outcome(admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: [good(1), good(1)] }));
    expect(twice).toEqual({ status: 400, message: expect.stringContaining('redirects.1.source') });
    expect((await admin.orgs.listSiteRedirects(orgId, site.id)).data.items).toEqual([]);

    const tooMany = Array.from({ length: 501 }, (_, n) => good(n));
    expect(await outcome(admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: tooMany }))).toEqual({
      status: 400,
      message: expect.stringContaining('redirects'),
    });
    expect((await outcome(admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: [] }))).status).toBe(400);
    const { data: full } = await admin.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: tooMany.slice(0, 500) });
    expect(full.results).toHaveLength(500);
    expect((await admin.orgs.listSiteRedirects(orgId, site.id, { limit: 1 })).data.count).toBe(500);
  });

  it('lets readers read, the create role write, and hides the site from strangers', async () => {
    const { site } = await newSite('Redirects roles');
    const { data: redirect } = await admin.orgs.createSiteRedirect(orgId, site.id, { source: '/r', destination: external('https://example.com/') });
    const body = { source: '/w', destination: external('https://example.com/') };
    for (const member of [reader, editor]) {
      expect((await outcome(member.orgs.createSiteRedirect(orgId, site.id, body))).status).toBe(403);
      expect((await outcome(member.orgs.updateSiteRedirectById(orgId, site.id, redirect.id, { permanent: true }))).status).toBe(403);
      expect((await outcome(member.orgs.deleteSiteRedirectById(orgId, site.id, redirect.id))).status).toBe(403);
      expect((await outcome(member.orgs.bulkUpsertSiteRedirects(orgId, site.id, { redirects: [body] }))).status).toBe(403);
      expect((await member.orgs.listSiteRedirects(orgId, site.id)).data.items).toHaveLength(1);
    }
    expect((await outcome(stranger.orgs.listSiteRedirects(orgId, site.id))).status).toBe(404);
    expect((await outcome(stranger.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/r' }))).status).toBe(404);
    expect((await outcome(stranger.orgs.createSiteRedirect(orgId, site.id, body))).status).toBe(404);
    expect((await outcome(stranger.orgs.deleteSiteRedirectById(orgId, site.id, redirect.id))).status).toBe(404);
  });

  it('refuses hostile sources with a 400 naming the field, and survives hostile lookups', async () => {
    const { site } = await newSite('Redirects hostile');
    const destination = external('https://example.com/');
    const hostile = ['/a\u0000b', '/\u{1F600}', `/${'a'.repeat(600)}`, '/a/../b', '/./a', 'relative', '/*', '/a*b', '/a b', '/%zz'];
    for (const source of hostile) {
      const res = await outcome(admin.orgs.createSiteRedirect(orgId, site.id, { source, destination }));
      expect({ source, ...res }).toEqual({ source, status: 400, message: expect.stringContaining('source') });
    }
    const longest = `/${'a'.repeat(510)}*`;
    expect((await admin.orgs.createSiteRedirect(orgId, site.id, { source: longest, destination })).status).toBe(201);
    // Lookups take any path: odd ones are looked up in canonical form or refused, never crash.
    expect((await admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: `/${'a'.repeat(2000)}` })).data.target).toBe('https://example.com/');
    for (const source of ['/\u{1F600}', '/%', '/a/../../..', '*', `/${'%'.repeat(2000)}`]) {
      expect([404, 400]).toContain((await outcome(admin.orgs.getSiteRedirectBySource(orgId, site.id, { source }))).status);
    }
    expect((await outcome(admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/a\u0000' }))).status).toBe(400);
    expect((await outcome(admin.orgs.getSiteRedirectBySource(orgId, site.id, { source: `/${'a'.repeat(3000)}` }))).status).toBe(400);
  });

  it("answered every successful call valid under 0.202.0's schemas", () => {
    const answered = ledger.calls.filter((c) => c.status < 300);
    expect(new Set(answered.map((c) => c.operationId))).toEqual(
      new Set([
        'createSiteRedirect',
        'listSiteRedirects',
        'updateSiteRedirectById',
        'deleteSiteRedirectById',
        'bulkUpsertSiteRedirects',
        'getSiteRedirectBySource',
        'createSpace',
        'createSite',
        'listSiteSpaces',
        'createChangeRequest',
        'updateChangeRequestContent',
        'mergeChangeRequest',
      ]),
    );
    expect(answered.flatMap((c) => c.problems)).toEqual([]);
  });
});
