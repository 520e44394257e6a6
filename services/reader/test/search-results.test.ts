import { sites } from '@quire/proto';
import { readSearchQuery, readSearchResults, resultPathOf } from '../src/modules/pages/domain/search-results';

// The search page's view assembly: Sites.SearchPublishedSite's spaces → the layout's results.

const spaces = [
  sites.SiteSearchSpace.fromPartial({
    id: 'sp1',
    title: 'Guides',
    pages: [
      {
        id: 'p1',
        title: 'Install',
        description: 'How to install',
        path: 'start/install',
        ancestorTitles: ['Start'],
        appUrl: 'http://app/x',
        publishedUrl: 'https://docs.example.com/v2/start/install',
        sections: [
          { id: 's0', title: 'Install', resultType: 'page', body: 'Run the **installer** now', publishedUrl: 'https://docs.example.com/v2/start/install' },
          {
            id: 's1',
            title: 'On Linux',
            resultType: 'section',
            body: 'The **installer** on\\nLinux',
            publishedUrl: 'https://docs.example.com/v2/start/install#on-linux',
          },
        ],
      },
      // No published address (an unpublished site): not linked.
      { id: 'p2', title: 'Hidden', path: 'hidden', appUrl: 'http://app/y' },
      // Not an http(s) address: never a link.
      { id: 'p3', title: 'Evil', path: 'evil', publishedUrl: 'javascript:alert(1)' },
    ],
  }),
  sites.SiteSearchSpace.fromPartial({
    id: 'sp2',
    title: '',
    pages: [{ id: 'p4', title: '', path: 'faq', description: '', publishedUrl: 'http://q/sites/o/d/faq' }],
  }),
];

describe('readSearchResults', () => {
  it('lists each page found, then its heading hits at their anchors, as paths on the visitor’s host', () => {
    expect(readSearchResults(spaces)).toEqual([
      { title: 'Install', url: '/v2/start/install', context: 'Guides › Start', excerpt: 'Run the installer now' },
      { title: 'Install › On Linux', url: '/v2/start/install#on-linux', context: 'Guides › Start › Install', excerpt: 'The installer on\\nLinux' },
      { title: 'faq', url: '/sites/o/d/faq' },
    ]);
  });

  it('answers no results for no spaces', () => {
    expect(readSearchResults([])).toEqual([]);
  });

  it('keeps the query and search of a published URL', () => {
    expect(resultPathOf('https://h/a/b?share_key=k#x')).toBe('/a/b?share_key=k#x');
    expect(resultPathOf('data:text/html,x')).toBe('');
    expect(resultPathOf('nope')).toBe('');
  });
});

describe('readSearchQuery', () => {
  it('trims, and refuses before any call what sites would refuse', () => {
    expect(readSearchQuery('  install  ')).toEqual({ query: 'install' });
    expect(readSearchQuery('a\u0000b')).toEqual({ query: 'ab', invalid: 'must not contain the NUL character' });
    // Code points, not UTF-16 units: 256 astral characters are a good query.
    expect(readSearchQuery('😀'.repeat(256)).invalid).toBeUndefined();
    expect(readSearchQuery('x'.repeat(257)).invalid).toBe('must be at most 256 characters');
    // Each word costs the index: 170 negations are refused before any call.
    expect(readSearchQuery(Array.from({ length: 40 }, (_, i) => `-n${i}`).join(' ')).invalid).toBe(
      'must have at most 32 terms (each word counts, in a phrase or negated too), not 40',
    );
  });
});
