import type { ContentClient } from '@quire/platform/grpc';
import { UrlBuilder } from '@quire/urls';
import { fetchSpaces, type SpaceSource } from '../src/modules/sites/domain/space-embedder';
import { presentSiteSection } from '../src/modules/sites/presenters/site-section.presenter';
import type { SiteSection, SiteSpace } from '../src/modules/sites/model/site-structure';

// Site spaces embed Space objects from content: one GetSpaces call per response, whatever the
// number of items, and site spaces whose space content did not return are left out.

type GetSpaces = ContentClient['getSpaces'];

/** A content client answering every id except `missing`, counting its calls. */
function fakeContent(missing: string[] = []): SpaceSource & { calls: Parameters<GetSpaces>[0][] } {
  const calls: Parameters<GetSpaces>[0][] = [];
  return {
    calls,
    getSpaces: async (request) => {
      calls.push(request);
      const spaces = request.spaceIds
        .filter((id) => !missing.includes(id))
        .map((id) => ({ id, organizationId: 'org1', level: 'read', spaceJson: JSON.stringify({ object: 'space', id, title: `Space ${id}` }) }));
      return { spaces };
    },
  };
}

const at = new Date('2026-02-01T00:00:00Z');
const siteSpace = (id: string, spaceId: string, sectionId: string, isDefault = false): SiteSpace => ({
  id,
  siteId: 'site1',
  sectionId: sectionId,
  spaceId: spaceId,
  path: id,
  condition: null,
  isDefault: isDefault,
  hidden: false,
  position: 'a0',
  createdAt: at,
});
const section = (id: string, isDefault = false): SiteSection => ({
  id,
  siteId: 'site1',
  sectionGroupId: null,
  title: `Section ${id}`,
  description: null,
  path: id,
  condition: null,
  icon: null,
  isDefault: isDefault,
  position: 'a0',
  createdAt: at,
});

describe('space embedder', () => {
  it('fetches the spaces of N site spaces with one call, each id once, for the caller', async () => {
    const content = fakeContent();
    const ids = Array.from({ length: 50 }, (_, i) => `s${i % 20}`);
    const catalog = await fetchSpaces(content, ids, 'ada');
    expect(content.calls).toHaveLength(1);
    expect(content.calls[0]?.userId).toBe('ada');
    expect(content.calls[0]?.spaceIds).toHaveLength(20);
    expect(catalog.get('s3')).toEqual({ object: 'space', id: 's3', title: 'Space s3' });
  });

  it('leaves out spaces of another organization when asked for one organization', async () => {
    const content: SpaceSource = {
      getSpaces: async ({ spaceIds }) => ({
        spaces: spaceIds.map((id) => ({ id, organizationId: id === 'moved' ? 'org2' : 'org1', level: 'read', spaceJson: JSON.stringify({ id, title: id }) })),
      }),
    };
    expect([...(await fetchSpaces(content, ['kept', 'moved'], 'ada', 'org1')).keys()]).toEqual(['kept']);
    expect([...(await fetchSpaces(content, ['kept', 'moved'], 'ada')).keys()]).toEqual(['kept', 'moved']);
  });

  it('makes no call when there is nothing to embed', async () => {
    const content = fakeContent();
    expect((await fetchSpaces(content, [], 'ada')).size).toBe(0);
    expect(content.calls).toHaveLength(0);
  });

  it('splits only above the 1000 ids content answers per call', async () => {
    const content = fakeContent();
    await fetchSpaces(
      content,
      Array.from({ length: 1500 }, (_, i) => `s${i}`),
      'ada',
    );
    expect(content.calls.map((c) => c.spaceIds.length)).toEqual([1000, 500]);
  });

  it('presents a list of sections with one call and leaves out site spaces whose space did not come back', async () => {
    const content = fakeContent(['gone']);
    const views = [
      { section: section('one', true), siteSpaces: [siteSpace('a', 'sa', 'one', true), siteSpace('b', 'gone', 'one')] },
      { section: section('two'), siteSpaces: [siteSpace('c', 'sc', 'two', true), siteSpace('d', 'sd', 'two')] },
    ];
    const spaces = await fetchSpaces(
      content,
      views.flatMap((v) => v.siteSpaces.map((s) => s.spaceId)),
      'ada',
    );
    const site = { id: 'site1', organizationId: 'org1', basename: null, hostname: null, proxyUrl: null, published: true };
    const where = { site, urls: new UrlBuilder('https://docs.example.com'), shareKey: null };
    const presented = views.map((v) => presentSiteSection(v, spaces, where));
    expect(content.calls).toHaveLength(1);
    expect(presented.map((s) => s.siteSpaces.map((ss) => ss.id))).toEqual([['a'], ['c', 'd']]);
    expect(presented[1]?.siteSpaces[1]?.space).toMatchObject({ id: 'sd', title: 'Space sd' });
    // The default section and default site spaces are served at their parent's address.
    expect(presented[0]?.urls.published).toBe('https://docs.example.com/sites/org1/site1/');
    expect(presented[1]?.urls.published).toBe('https://docs.example.com/sites/org1/site1/two');
    expect(presented[1]?.siteSpaces.map((s) => s.urls.published)).toEqual([
      'https://docs.example.com/sites/org1/site1/two',
      'https://docs.example.com/sites/org1/site1/two/d',
    ]);
  });
});
