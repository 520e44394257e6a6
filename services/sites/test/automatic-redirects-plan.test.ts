import { pageSource, planAutomaticRedirects } from '../src/modules/redirects/domain/automatic-redirects';

// The pure rules of automatic redirects: which path changes make which redirects,
// and which go, so that no loop, chain or shadowed page is ever left.

describe('planAutomaticRedirects', () => {
  it('redirects a moved page’s old address (site space path + old page path) to the page', () => {
    const plan = planAutomaticRedirects([{ pageId: 'p', kind: 'document', oldPath: 'guide/old', newPath: 'guide/new' }], ['docs']);
    expect(plan).toEqual({ upserts: [{ source: '/docs/guide/old', key: '/docs/guide/old', pageId: 'p' }], dropKeys: ['/docs/guide/new'], dropPageIds: [] });
  });

  it('places the source at the site root for a default site space (no segments) and encodes what a source cannot hold', () => {
    const plan = planAutomaticRedirects([{ pageId: 'p', kind: 'document', oldPath: 'été', newPath: 'summer' }], ['']);
    expect(plan.upserts).toEqual([{ source: '/%C3%A9t%C3%A9', key: '/%C3%A9t%C3%A9', pageId: 'p' }]);
  });

  it('drops automatic redirects at a page moved back (no A→B→A) and makes none that a live page would shadow', () => {
    // Moved back: B→A. The redirect from A (made by the first move) goes; B now redirects to the page.
    const back = planAutomaticRedirects([{ pageId: 'p', kind: 'document', oldPath: 'b', newPath: 'a' }], []);
    expect(back).toEqual({ upserts: [{ source: '/b', key: '/b', pageId: 'p' }], dropKeys: ['/a'], dropPageIds: [] });
    // Two pages swap paths: both addresses are live, so no redirect at all.
    const swap = planAutomaticRedirects(
      [
        { pageId: 'p', kind: 'document', oldPath: 'a', newPath: 'b' },
        { pageId: 'q', kind: 'document', oldPath: 'b', newPath: 'a' },
      ],
      [],
    );
    expect(swap.upserts).toEqual([]);
    expect(swap.dropKeys.sort()).toEqual(['/a', '/b']);
  });

  it('drops a deleted page’s redirects and makes none to it; a new page’s address is live', () => {
    const plan = planAutomaticRedirects(
      [
        { pageId: 'gone', kind: 'document', oldPath: 'a' },
        { pageId: 'new', kind: 'document', newPath: 'old-address' },
      ],
      ['s'],
    );
    expect(plan).toEqual({ upserts: [], dropKeys: ['/s/old-address'], dropPageIds: ['gone'] });
  });

  it('makes no redirect to a link page (it has no address) but keeps its new path live', () => {
    const plan = planAutomaticRedirects([{ pageId: 'l', kind: 'link', oldPath: 'a', newPath: 'b' }], []);
    expect(plan).toEqual({ upserts: [], dropKeys: ['/b'], dropPageIds: [] });
  });

  it('skips an address too long to be a redirect source', () => {
    expect(pageSource([], 'x'.repeat(600))).toBeNull();
    expect(planAutomaticRedirects([{ pageId: 'p', kind: 'document', oldPath: 'x'.repeat(600), newPath: 'y' }], []).upserts).toEqual([]);
  });
});
