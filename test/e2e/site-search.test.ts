import { expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Site search: POST /v1/orgs/{org}/sites/{site}/search (searchSiteContent, today's
// client 0.202.0) over what a site publishes — its site spaces' spaces at their current revision,
// never a change request, never a space that is not on the site. The index follows merges
// asynchronously, so the setup polls until every space is found.
//
// The site: a default section with "Guide" (its default site space) and "Guide v2" (path v2),
// and a section "Reference" with "API". "Loose notes" is a space of the organization on no site.

const stack = currentStack();
const TODAY = { reference: '0.202.0' as const };

let org: OrgClient;
let other: OrgClient;
let reader: ApiClient;
let outsider: ApiClient;
let siteId: string;
let spaces: Record<'guide' | 'v2' | 'api' | 'loose', string>;
/** Site space id and published address (no trailing slash) of each space on the site. */
let siteSpaces: Record<'guide' | 'v2' | 'api', { id: string; published: string }>;

interface SectionHit {
  id: string;
  title: string;
  body: string;
  resultType?: string;
  urls: { app: string; published?: string };
}
interface PageHit {
  id: string;
  title: string;
  path: string;
  rank: number;
  sections: SectionHit[];
  urls: { app: string; published?: string };
}
interface SpaceHit {
  type: 'space';
  id: string;
  title: string;
  pages: PageHit[];
}

/** A space whose main revision holds `pages` (a change request's batch, merged): what a site publishes. */
async function spaceWithPages(title: string, pages: { title: string; markdown: string }[]): Promise<string> {
  const space = (await org.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id as string;
  const cr = (await org.api.post(`/v1/spaces/${space}/change-requests`, { subject: 'Pages' })).body.id as string;
  const changes = pages.map((p) => ({ operation: 'insert_page', title: p.title, document: { markdown: p.markdown } }));
  expect((await org.api.post(`/v1/spaces/${space}/change-requests/${cr}/content`, { changes })).status).toBe(200);
  expect((await org.api.post(`/v1/spaces/${space}/change-requests/${cr}/merge`)).status).toBe(200);
  return space;
}

const search = (api: ApiClient, body: unknown, query = '', site = siteId, orgId = org.id) => api.post(`/v1/orgs/${orgId}/sites/${site}/search${query}`, body);

/** Searches as the admin, checks the answer against 0.202.0, and gives its items. */
async function found(body: unknown, query = ''): Promise<SpaceHit[]> {
  const res = await search(org.api, body, query);
  expect(res.status).toBe(200);
  expectOperationResponse('searchSiteContent', 200, res.body, TODAY);
  return res.body.items as SpaceHit[];
}

const spacesFound = async (body: unknown) => (await found(body)).map((s) => s.id).sort();

beforeAll(async () => {
  ({ org, other, reader, outsider } = await buildRoleCast(stack, 'Site search org'));
  const guide = await spaceWithPages('Guide', [
    { title: 'Install', markdown: '# Install\n\nThe quokka installer runs anywhere.\n\n## Lookup\n\nCall `getUserById` to find a numbat.' },
    { title: 'Configure', markdown: '# Configure\n\nSet the quokka options.' },
  ]);
  const v2 = await spaceWithPages('Guide v2', [{ title: 'Upgrade', markdown: '# Upgrade\n\nThe quokka upgrade path.' }]);
  const api = await spaceWithPages('API', [{ title: 'Endpoints', markdown: '# Endpoints\n\nEvery quokka endpoint.' }]);
  const loose = await spaceWithPages('Loose notes', [{ title: 'Draft', markdown: '# Draft\n\nA quokka bandicoot note off the site.' }]);
  spaces = { guide, v2, api, loose };

  const site = await org.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Search site', spaces: [guide] });
  siteId = site.body.id;
  const second = await org.api.post(`/v1/orgs/${org.id}/sites/${siteId}/site-spaces`, { spaceId: v2 });
  expect((await org.api.patch(`/v1/orgs/${org.id}/sites/${siteId}/site-spaces/${second.body.id}`, { path: 'v2' })).status).toBe(200);
  expect((await org.api.post(`/v1/orgs/${org.id}/sites/${siteId}/sections`, { spaceId: api, title: 'Reference' })).status).toBe(201);
  expect((await org.api.post(`/v1/orgs/${org.id}/sites/${siteId}/publish`)).status).toBe(200);
  const listed = (await org.api.get(`/v1/orgs/${org.id}/sites/${siteId}/site-spaces`)).body.items as {
    id: string;
    space: { id: string };
    urls: { published: string };
  }[];
  const of = (spaceId: string) => {
    const s = listed.find((l) => l.space.id === spaceId)!;
    return { id: s.id, published: s.urls.published.replace(/\/$/, '') };
  };
  siteSpaces = { guide: of(guide), v2: of(v2), api: of(api) };

  // A change request on Guide that is never merged: not what the site publishes.
  const cr = (await org.api.post(`/v1/spaces/${guide}/change-requests`, { subject: 'Unpublished' })).body.id as string;
  const draft = [{ operation: 'insert_page', title: 'Secret', document: { markdown: '# Secret\n\nThe quokka platypus draft.' } }];
  expect((await org.api.post(`/v1/spaces/${guide}/change-requests/${cr}/content`, { changes: draft })).status).toBe(200);

  // Indexing follows the merges: wait until the site and the loose space are found.
  await eventually(async () => (await spacesFound({ query: 'quokka', scope: { mode: 'all' } })).length === 3, 30000);
  await eventually(async () => ((await org.api.get(`/v1/spaces/${loose}/search?query=bandicoot`)).body.items ?? []).length === 1, 30000);
}, 120000);

describe('POST /v1/orgs/{org}/sites/{site}/search (searchSiteContent)', () => {
  it('searches every site space with scope "all", each page and section hit with its published URL', async () => {
    const items = await found({ query: 'quokka', scope: { mode: 'all' } });
    expect(items.map((s) => s.id).sort()).toEqual([spaces.guide, spaces.v2, spaces.api].sort());
    const guide = items.find((s) => s.id === spaces.guide)!;
    expect(guide).toMatchObject({ type: 'space', title: 'Guide' });
    expect(guide.pages.map((p) => p.title).sort()).toEqual(['Configure', 'Install']);
    for (const space of items) {
      const key = space.id === spaces.guide ? 'guide' : space.id === spaces.v2 ? 'v2' : 'api';
      for (const page of space.pages) {
        expect(page.urls.published).toBe(`${siteSpaces[key].published}/${page.path}`);
        for (const section of page.sections) expect(section.urls.published?.startsWith(page.urls.published!)).toBe(true);
      }
    }
    // The API space lives in the "reference" section; v2 under its own path.
    expect(siteSpaces.api.published).toMatch(/\/reference$/);
    expect(siteSpaces.v2.published).toMatch(/\/v2$/);
    // Ranks are one list over every page found.
    expect(items.flatMap((s) => s.pages.map((p) => p.rank)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('gives a heading hit its anchor in the published URL, with the match marked', async () => {
    const [space] = await found({ query: 'numbat', scope: { mode: 'all' } });
    const page = space!.pages[0]!;
    const section = page.sections.find((s) => s.title === 'Lookup')!;
    expect(section.body).toContain('**numbat**');
    expect(section.resultType).toBe('section');
    expect(section.urls.published).toBe(`${page.urls.published}#${section.id}`);
    expect(section.urls.app).toContain(`#${section.id}`);
  });

  it('searches the default site space of each section with scope "default", or the current one and others', async () => {
    expect(await spacesFound({ query: 'quokka', scope: { mode: 'default' } })).toEqual([spaces.guide, spaces.api].sort());
    // The reader is in v2: it stands for its section.
    expect(await spacesFound({ query: 'quokka', scope: { mode: 'default', currentSiteSpace: siteSpaces.v2.id } })).toEqual([spaces.v2, spaces.api].sort());
    expect(await spacesFound({ query: 'quokka', scope: { mode: 'default', currentSiteSpace: siteSpaces.v2.id, restrictTo: 'currentSiteSpace' } })).toEqual([
      spaces.v2,
    ]);
    expect(await spacesFound({ query: 'quokka', scope: { mode: 'default', currentSiteSpace: siteSpaces.v2.id, restrictTo: 'otherSiteSpaces' } })).toEqual([
      spaces.api,
    ]);
  });

  it('searches only the named site spaces with scope "specific", and accepts the deprecated forms', async () => {
    expect(await spacesFound({ query: 'quokka', scope: { mode: 'specific', siteSpaceIds: [siteSpaces.api.id, siteSpaces.v2.id] } })).toEqual(
      [spaces.api, spaces.v2].sort(),
    );
    expect(await spacesFound({ query: 'quokka', siteSpaceIds: [siteSpaces.api.id] })).toEqual([spaces.api]);
    expect(await spacesFound({ query: 'quokka', mode: 'current', siteSpaceId: siteSpaces.v2.id })).toEqual([spaces.v2, spaces.api].sort());
    expect(await spacesFound({ query: 'quokka', mode: 'all' })).toHaveLength(3);
  });

  it('pages over the ranked pages (limit, next) without repeating or skipping one', async () => {
    const seen: number[] = [];
    let query = '?limit=1';
    for (let i = 0; i < 10; i++) {
      const res = await search(org.api, { query: 'quokka', scope: { mode: 'all' } }, query);
      expect(res.status).toBe(200);
      expectOperationResponse('searchSiteContent', 200, res.body, TODAY);
      expect(res.body.count).toBe(4);
      const pages = (res.body.items as SpaceHit[]).flatMap((s) => s.pages);
      expect(pages).toHaveLength(1);
      seen.push(pages[0]!.rank);
      if (!res.body.next) break;
      query = `?limit=1&page=${encodeURIComponent(res.body.next.page)}`;
    }
    expect(seen).toEqual([1, 2, 3, 4]);
    const none = await search(org.api, { query: 'quokka', scope: { mode: 'all' } }, '?limit=0');
    expect(none.body).toEqual({ count: 4, items: [] });
  });

  it("searches only what the site publishes: not a change request's text, not a space off the site", async () => {
    expect(await found({ query: 'platypus', scope: { mode: 'all' } })).toEqual([]);
    expect(await found({ query: 'bandicoot', scope: { mode: 'all' } })).toEqual([]);
    // The organization's own search does see the space off the site.
    expect(((await org.api.get(`/v1/orgs/${org.id}/search?query=bandicoot`)).body.items as SpaceHit[]).map((s) => s.id)).toEqual([spaces.loose]);
  });

  it('answers any member (read role), and 404 to a non-member or another organization', async () => {
    const res = await search(reader, { query: 'quokka', scope: { mode: 'all' } });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expectError(await search(outsider, { query: 'quokka', scope: { mode: 'all' } }), 404);
    expectError(await search(other.api, { query: 'quokka', scope: { mode: 'all' } }), 404);
    expectError(await search(other.api, { query: 'quokka', scope: { mode: 'all' } }, '', siteId, other.id), 404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const all = { mode: 'all' };
    const cases: [unknown, RegExp][] = [
      [{ query: '', scope: all }, /"query"/],
      [{ query: '   ', scope: all }, /"query".*blank/],
      [{ query: 'q'.repeat(257), scope: all }, /"query"/],
      [{ query: '\u{1F998}'.repeat(257), scope: all }, /"query"/],
      [{ query: 'quokka\u0000', scope: all }, /"query".*NUL/],
      [{ query: 'quokka \ud800', scope: all }, /"query".*surrogate/],
      [{ query: 5, scope: all }, /"query"/],
      [{ scope: all }, /"query"/],
      [{ query: 'quokka' }, /"scope"/],
      [{ query: 'quokka', scope: 'all' }, /"scope"/],
      [{ query: 'quokka', scope: { mode: 'everything' } }, /"scope.mode"/],
      [{ query: 'quokka', scope: { mode: 'specific', siteSpaceIds: [] } }, /"scope.siteSpaceIds"/],
      [{ query: 'quokka', scope: { mode: 'specific', siteSpaceIds: ['nope'] } }, /"scope.siteSpaceIds.0".*not a site space/],
      [{ query: 'quokka', scope: { mode: 'default', currentSiteSpace: 'nope' } }, /"scope.currentSiteSpace".*not a site space/],
      [{ query: 'quokka', scope: { mode: 'default', restrictTo: 'currentSiteSpace' } }, /"scope.restrictTo"/],
      [{ query: 'quokka', scope: all, extra: true }, /extra/],
    ];
    for (const [body, message] of cases) expectError(await search(org.api, body), 400, message);
    expectError(await search(org.api, { query: 'quokka', scope: all }, '?limit=lots'), 400, /"limit"/);
    expectError(await search(org.api, { query: 'quokka', scope: all }, '?page=garbage'), 400, /"page"/);
    // Astral characters count one each: 256 of them is a query.
    expect((await search(org.api, { query: '\u{1F998}'.repeat(256), scope: all })).status).toBe(200);
  });
});
