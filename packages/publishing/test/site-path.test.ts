import fc from 'fast-check';
import { parsePublishedUrl, publishedPaths, resolveSitePath, type SitePathStructure } from '@quire/publishing';

const space = (id: string, path: string, isDefault = false) => ({ id, path, default: isDefault });
const sections: SitePathStructure = {
  type: 'sections',
  sections: [
    { id: 'sec-guides', path: 'guides', default: true, siteSpaces: [space('ss-v2', 'v2', true), space('ss-v1', 'v1')] },
    { id: 'sec-api', path: 'api', default: false, siteSpaces: [space('ss-api', 'api-space', true)] },
  ],
};
const single: SitePathStructure = { type: 'siteSpaces', siteSpaces: [space('ss-only', 'docs', true)] };

describe('resolveSitePath', () => {
  it('reads sections and variants by their path, defaults at the root, and the rest as the page path', () => {
    expect(resolveSitePath(['api', 'reference', 'users'], sections)).toEqual({
      sectionId: 'sec-api',
      siteSpaceId: 'ss-api',
      sitePath: ['api'],
      pagePath: 'reference/users',
      complete: true,
    });
    expect(resolveSitePath(['v1', 'intro'], sections)).toEqual({
      sectionId: 'sec-guides',
      siteSpaceId: 'ss-v1',
      sitePath: ['v1'],
      pagePath: 'intro',
      complete: true,
    });
    expect(resolveSitePath(['intro'], sections)).toEqual({ sectionId: 'sec-guides', siteSpaceId: 'ss-v2', sitePath: [], pagePath: 'intro', complete: true });
    // The default's own path is a page path, not a level: its address is the root.
    expect(resolveSitePath(['guides'], sections)).toEqual(expect.objectContaining({ siteSpaceId: 'ss-v2', pagePath: 'guides' }));
    expect(resolveSitePath([], single)).toEqual({ siteSpaceId: 'ss-only', sitePath: [], pagePath: '', complete: true });
    expect(resolveSitePath([], { type: 'sections', sections: [] })).toBeUndefined();
  });

  it('is complete only when no later segment could choose another section or variant', () => {
    expect(resolveSitePath([], sections)?.complete).toBe(false); // "/api" or "/v1" may follow
    expect(resolveSitePath(['api'], sections)?.complete).toBe(true); // the API section has one variant
    expect(resolveSitePath(['v1'], sections)?.complete).toBe(true);
    const twoVariants: SitePathStructure = {
      type: 'sections',
      sections: [
        { id: 'sec-api', path: 'api', default: true, siteSpaces: [space('ss-api', 'api-space', true)] },
        { id: 'sec-guides', path: 'guides', default: false, siteSpaces: [space('ss-v2', 'v2', true), space('ss-v1', 'v1')] },
      ],
    };
    expect(resolveSitePath(['guides'], twoVariants)?.complete).toBe(false); // "/guides/v1" may follow
  });

  it('never throws, consumes at most two levels and keeps every segment', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('api', 'v1', 'v2', 'guides', 'api-space', 'x', '%2F'), { maxLength: 6 }), (rest) => {
        const resolved = resolveSitePath(rest, sections);
        expect(resolved).toBeDefined();
        expect(resolved!.sitePath.length).toBeLessThanOrEqual(2);
        expect([...resolved!.sitePath, ...(resolved!.pagePath ? resolved!.pagePath.split('/') : [])]).toEqual(rest);
        if (resolved!.pagePath) expect(resolved!.complete).toBe(true);
      }),
    );
  });
});

describe('publishedPaths', () => {
  it('gives siteBasePath, basePath and pathname of a URL read end to end', () => {
    const parsed = parsePublishedUrl('https://example.com/docs/v1/getting-started/install/?x=1#top', { publicUrl: 'https://quire.example.com' });
    if (!parsed.ok) throw new Error(parsed.message);
    const site = parsed.candidates.find((c) => c.lookup.kind === 'proxy' && c.lookup.proxyUrl === 'example.com/docs');
    const resolved = resolveSitePath(site!.rest, sections);
    expect(publishedPaths(site!.siteBasePath, resolved!)).toEqual({ siteBasePath: '/docs/', basePath: '/docs/v1/', pathname: 'getting-started/install' });
    expect(publishedPaths('/', { sitePath: [], pagePath: '' })).toEqual({ siteBasePath: '/', basePath: '/', pathname: '' });
  });
});
