import {
  blobAddress,
  fileAddress,
  hasDotSegment,
  isSiteRoot,
  readRequestKind,
  robotsTxt,
  searchAddress,
  sitemapXml,
} from '../src/modules/pages/domain/request-kind';

describe('readRequestKind', () => {
  it('reads pages, <page>.md and the site files, with the address to resolve', () => {
    expect(readRequestKind('http://q/sites/o/d/guides/install?x=1')).toEqual({ kind: 'page', url: 'http://q/sites/o/d/guides/install?x=1' });
    expect(readRequestKind('http://q/sites/o/d/guides/install.md?share_key=k')).toEqual({
      kind: 'markdown',
      url: 'http://q/sites/o/d/guides/install?share_key=k',
    });
    expect(readRequestKind('https://docs.example.com/sitemap.xml')).toEqual({ kind: 'sitemap', url: 'https://docs.example.com/' });
    expect(readRequestKind('http://q/sites/o/d/robots.txt')).toEqual({ kind: 'robots', url: 'http://q/sites/o/d/' });
    expect(readRequestKind('http://q/sites/o/d/v2/~files/f%201')).toEqual({ kind: 'file', url: 'http://q/sites/o/d/v2/', fileId: 'f 1' });
    expect(readRequestKind('http://q/sites/o/d/~files/%E0').kind).toBe('page');
    expect(fileAddress('/sites/o/d', 'f 1')).toBe('/sites/o/d/~files/f%201');
    // A file by its content: the name after the hash is the visitor's only.
    const blob = 'ab'.repeat(32);
    expect(readRequestKind(`http://q/sites/o/d/v2/~files/${blob}/a%20b.png`)).toEqual({ kind: 'file', url: 'http://q/sites/o/d/v2/', blob });
    expect(blobAddress('/sites/o/d/', blob, 'a b.png')).toBe(`/sites/o/d/~files/${blob}/a%20b.png`);
    // Not a hash (uppercase, short): not a content address; the last segment is then a file id.
    expect(readRequestKind(`http://q/sites/o/d/~files/${blob.toUpperCase()}/x`).blob).toBeUndefined();
    expect(readRequestKind('http://q/sites/o/d/~files/abc/x').kind).toBe('page');
    // `.md` alone is no page's markdown.
    expect(readRequestKind('http://q/sites/o/d/.md').kind).toBe('page');
  });

  it('reads the search page at the site, section or site space address, its q and page taken off', () => {
    expect(readRequestKind('http://q/sites/o/d/~search?q=a+b&page=3&share_key=k')).toEqual({
      kind: 'search',
      url: 'http://q/sites/o/d/?share_key=k',
      search: { query: 'a b', page: 3 },
    });
    expect(readRequestKind('https://docs.example.com/v2/~search')).toEqual({
      kind: 'search',
      url: 'https://docs.example.com/v2/',
      search: { query: '', page: 1 },
    });
    // A page number that is no positive integer is the first page; a deep one stops at 50.
    expect(readRequestKind('http://q/s/~search?q=x&page=-1').search).toEqual({ query: 'x', page: 1 });
    expect(readRequestKind('http://q/s/~search?q=x&page=9999').search).toEqual({ query: 'x', page: 50 });
    // Only the last segment: a page under `~search` is a page.
    expect(readRequestKind('http://q/sites/o/d/~search/x').kind).toBe('page');
    expect(searchAddress('/sites/o/d/v2')).toBe('/sites/o/d/v2/~search');
    expect(searchAddress('/')).toBe('/~search');
  });

  it('knows the site root', () => {
    expect(isSiteRoot('http://q/sites/o/d/', '/sites/o/d/')).toBe(true);
    expect(isSiteRoot('http://q/sites/o/d', '/sites/o/d/')).toBe(true);
    expect(isSiteRoot('http://q/sites/o/d/guides/', '/sites/o/d/')).toBe(false);
    expect(isSiteRoot('https://h.example.com/', '/')).toBe(true);
  });
});

describe('site files', () => {
  it('robots.txt welcomes crawlers on public sites only', () => {
    expect(robotsTxt('public', 'https://h/sitemap.xml')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://h/sitemap.xml\n');
    for (const v of ['unlisted', 'share-link', 'visitor-auth']) expect(robotsTxt(v, 'x')).toBe('User-agent: *\nDisallow: /\n');
  });

  it('reads `.gitbook/assets/<name>` below a site space as a file by its name (as `.md` pages link them)', () => {
    expect(readRequestKind('https://h/sites/o/s/v2/.gitbook/assets/my%20logo.png')).toEqual({
      kind: 'file',
      url: 'https://h/sites/o/s/v2/',
      fileName: 'my logo.png',
    });
    expect(readRequestKind('https://h/.gitbook/assets/a.png')).toEqual({ kind: 'file', url: 'https://h/', fileName: 'a.png' });
    expect(readRequestKind('https://h/docs/assets/a.png').kind).toBe('page');
  });

  it('sitemap.xml escapes every URL and stops at the protocol’s 50,000', () => {
    const xml = sitemapXml(['https://h/a?b=1&c=<2>', 'https://h/b']);
    expect(xml).toContain('<loc>https://h/a?b=1&amp;c=&lt;2&gt;</loc>');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(sitemapXml(Array.from({ length: 50_001 }, (_, i) => `https://h/${i}`)).match(/<loc>/g)).toHaveLength(50_000);
  });

  it('sitemap.xml gives each page its last change as lastmod, none when unknown or not a date', () => {
    const xml = sitemapXml([
      { url: 'https://h/a', updatedAt: '2026-11-20T10:00:00.000Z' },
      { url: 'https://h/b', updatedAt: '' },
      { url: 'https://h/c', updatedAt: 'soon' },
    ]);
    expect(xml).toContain('<url><loc>https://h/a</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://h/b</loc></url>');
    expect(xml).toContain('<url><loc>https://h/c</loc></url>');
  });
});

describe('hasDotSegment', () => {
  it('finds `.` and `..` segments, plain or percent-encoded, which URL parsing would resolve away', () => {
    for (const path of ['/sites/o/d/~files/%2e%2e', '/~files/%2E%2e', '/a/../b', '/a/./b', '/a/.%2e/b', '/a/%2e', '/a\\..\\b', '/x/~files/..?q=1'])
      expect([path, hasDotSegment(path)]).toEqual([path, true]);
    for (const path of ['/sites/o/d/guides', '/a/...', '/a/.hidden', '/a/%2e%2e%2e', '/', '/a?x=/../', '/v1.2/page'])
      expect([path, hasDotSegment(path)]).toEqual([path, false]);
  });
});
