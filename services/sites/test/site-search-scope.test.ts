import { resolveSearchScope, type ScopeSiteSpace } from '../src/modules/site-search/domain/search-scope';

// Which site spaces each SiteSearchScope covers (reference 0.202.0): a site with a default
// section (guide default, v2) and a second section (api default, api-beta).

const guide: ScopeSiteSpace = { id: 'ss-guide', spaceId: 'guide', sectionId: 'main', isDefault: true };
const v2: ScopeSiteSpace = { id: 'ss-v2', spaceId: 'v2', sectionId: 'main', isDefault: false };
const api: ScopeSiteSpace = { id: 'ss-api', spaceId: 'api', sectionId: 'ref', isDefault: true };
const beta: ScopeSiteSpace = { id: 'ss-beta', spaceId: 'beta', sectionId: 'ref', isDefault: false };
const site = [guide, v2, api, beta];

const ids = (scope: Parameters<typeof resolveSearchScope>[1], searchable = site) => {
  const resolved = resolveSearchScope(searchable, scope);
  return resolved.ok ? resolved.siteSpaces.map((s) => s.spaceId) : `${resolved.field}: ${resolved.message}`;
};

describe('site search scope', () => {
  it('"all" covers every site space the caller may search', () => {
    expect(ids({ mode: 'all' })).toEqual(['guide', 'v2', 'api', 'beta']);
    expect(ids({ mode: 'all' }, [v2, api])).toEqual(['v2', 'api']);
  });

  it('"default" covers each section\'s default, the current site space standing for its section', () => {
    expect(ids({ mode: 'default' })).toEqual(['guide', 'api']);
    expect(ids({ mode: 'default', currentSiteSpace: 'ss-v2' })).toEqual(['v2', 'api']);
    expect(ids({ mode: 'default', currentSiteSpace: 'ss-guide' })).toEqual(['guide', 'api']);
    expect(ids({ mode: 'default', currentSiteSpace: 'ss-beta', restrictTo: 'currentSiteSpace' })).toEqual(['beta']);
    expect(ids({ mode: 'default', currentSiteSpace: 'ss-beta', restrictTo: 'otherSiteSpaces' })).toEqual(['guide']);
    // A section whose default the caller may not search answers its first one the caller may.
    expect(ids({ mode: 'default' }, [v2, beta])).toEqual(['v2', 'beta']);
  });

  it('a site without sections has one parent: the root', () => {
    const root = site.map((s) => ({ ...s, sectionId: null, isDefault: s === guide }));
    expect(ids({ mode: 'default' }, root)).toEqual(['guide']);
    expect(ids({ mode: 'default', currentSiteSpace: 'ss-api' }, root)).toEqual(['api']);
  });

  it('"specific" covers the site spaces named, in site order, each once', () => {
    expect(ids({ mode: 'specific', siteSpaceIds: ['ss-beta', 'ss-guide', 'ss-beta'] })).toEqual(['guide', 'beta']);
  });

  it('names the field of a site space that is not one the caller may search', () => {
    expect(ids({ mode: 'specific', siteSpaceIds: ['ss-api', 'nope'] })).toBe('scope.siteSpaceIds.1: "nope" is not a site space of this site');
    expect(ids({ mode: 'default', currentSiteSpace: 'ss-guide' }, [api])).toBe('scope.currentSiteSpace: "ss-guide" is not a site space of this site');
  });
});
