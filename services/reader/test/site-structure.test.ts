import { createHash } from 'node:crypto';
import { READER_SCRIPT } from '@quire/page-html';
import { contentSecurityPolicy, styleHash } from '../src/modules/pages/domain/page-headers';
import { siteRedirectStatus } from '../src/modules/pages/domain/reader-answer';
import { canonicalUrlOf, readSiteProfile, sitePathOf } from '../src/modules/site-reads/domain/site-structure';
import { visitorUrlOf } from '../src/modules/visitor-access/domain/visitor-url';

const space = (id: string, title: string, url: string) => ({ object: 'site-space', id, title, urls: { published: url } });

describe('readSiteProfile', () => {
  it('reads sections, groups and the current section’s site spaces as variants', () => {
    const profile = {
      site: { id: 's1', title: 'Docs', visibility: 'public' },
      structure: {
        type: 'sections',
        structure: [
          {
            object: 'site-section',
            id: 'a',
            title: 'Guides',
            urls: { published: 'https://d.example.com/' },
            siteSpaces: [space('ss1', 'v1', 'https://d.example.com/')],
          },
          {
            object: 'site-section-group',
            id: 'g',
            title: 'More',
            sections: [
              {
                object: 'site-section',
                id: 'b',
                title: 'API',
                urls: { published: 'https://d.example.com/api' },
                siteSpaces: [space('ss2', 'v2', 'https://d.example.com/api'), space('ss3', 'v3', 'https://d.example.com/api/v3')],
              },
            ],
          },
        ],
      },
      customizations: { site: { title: 'Custom title', internationalization: { locale: 'fr' } } },
    };
    const read = readSiteProfile(JSON.stringify(profile), { siteSection: 'b', siteSpace: 'ss3' });
    expect(read).toMatchObject({ siteId: 's1', title: 'Custom title', lang: 'fr', visibility: 'public' });
    expect(read.sections).toEqual([
      { kind: 'section', title: 'Guides', url: '/', isCurrent: false },
      { kind: 'group', title: 'More', sections: [{ title: 'API', url: '/api', isCurrent: true }] },
    ]);
    expect(read.variants).toEqual([
      { title: 'v2', url: '/api', isCurrent: false },
      { title: 'v3', url: '/api/v3', isCurrent: true },
    ]);
  });

  it('reads external links at the top level and in a group (children) as links to their own URL, never as sections', () => {
    const profile = {
      site: { id: 's1', title: 'Docs' },
      structure: {
        type: 'sections',
        structure: [
          { object: 'site-external-link', id: 'l1', title: 'Status', url: 'https://status.example.com/', draft: false },
          {
            object: 'site-section',
            id: 'a',
            title: 'Guides',
            urls: { published: 'https://d.example.com/' },
            siteSpaces: [space('ss1', 'v1', 'https://d.example.com/')],
          },
          {
            object: 'site-section-group',
            id: 'g',
            title: 'More',
            sections: [],
            children: [{ object: 'site-external-link', id: 'l2', title: 'Blog', url: 'https://blog.example.com/?a=1&b=<2>', draft: false }],
          },
        ],
      },
    };
    const read = readSiteProfile(JSON.stringify(profile), { siteSection: 'a', siteSpace: 'ss1' });
    expect(read.sections).toEqual([
      { kind: 'link', title: 'Status', url: 'https://status.example.com/' },
      { kind: 'section', title: 'Guides', url: '/', isCurrent: true },
      { kind: 'group', title: 'More', sections: [{ title: 'Blog', url: 'https://blog.example.com/?a=1&b=<2>' }] },
    ]);
    expect(read.variants).toEqual([{ title: 'v1', url: '/', isCurrent: true }]);
  });

  it('links sections, variants and site spaces within the address the visitor is on', () => {
    // Sites publishes every URL at the site's preferred address: its hostname once it has one.
    const space = (id: string, title: string, url: string) => ({ object: 'site-space', id, title, space: { id: `${id}-space` }, urls: { published: url } });
    const profile = {
      site: { id: 's1', title: 'Docs', urls: { published: 'https://docs.a.test/' } },
      structure: {
        type: 'sections',
        structure: [
          {
            object: 'site-section',
            id: 'a',
            title: 'Guides',
            urls: { published: 'https://docs.a.test/' },
            siteSpaces: [space('ss1', 'v1', 'https://docs.a.test/')],
          },
          {
            object: 'site-section',
            id: 'b',
            title: 'API',
            urls: { published: 'https://docs.a.test/api' },
            siteSpaces: [space('ss2', 'v2', 'https://docs.a.test/api'), space('ss3', 'v3', 'https://docs.a.test/api/v3')],
          },
        ],
      },
    };
    const linksAt = (siteBasePath: string) => {
      const read = readSiteProfile(JSON.stringify(profile), { siteSection: 'b', siteSpace: 'ss3', siteBasePath });
      return {
        sections: read.sections.map((s) => (s.kind === 'section' ? s.url : '')),
        variants: read.variants.map((v) => v.url),
        paths: read.siteSpaces.map((s) => s.path),
      };
    };
    expect(linksAt('/sites/o/docs/')).toEqual({
      sections: ['/sites/o/docs/', '/sites/o/docs/api'],
      variants: ['/sites/o/docs/api', '/sites/o/docs/api/v3'],
      paths: ['/sites/o/docs/', '/sites/o/docs/api', '/sites/o/docs/api/v3'],
    });
    expect(linksAt('/')).toEqual({ sections: ['/', '/api'], variants: ['/api', '/api/v3'], paths: ['/', '/api', '/api/v3'] });
    // The absolute URLs (sitemap, llms.txt) stay at the preferred address.
    expect(readSiteProfile(JSON.stringify(profile), { siteSection: 'b', siteSpace: 'ss3', siteBasePath: '/sites/o/docs/' }).siteSpaces[2]?.url).toBe(
      'https://docs.a.test/api/v3',
    );
  });

  it("shows a site space's own customization over the site's, and the site's for the others", () => {
    const profile = {
      site: { id: 's1', title: 'Docs' },
      structure: { type: 'siteSpaces', structure: [space('ss1', 'v1', 'https://d.example.com/'), space('ss2', 'v2', 'https://d.example.com/v2')] },
      customizations: { site: { title: 'Docs of Acme' }, siteSpaces: { ss2: { title: 'Docs v2', internationalization: { locale: 'de' } } } },
    };
    expect(readSiteProfile(JSON.stringify(profile), { siteSection: '', siteSpace: 'ss2' })).toMatchObject({ title: 'Docs v2', lang: 'de' });
    expect(readSiteProfile(JSON.stringify(profile), { siteSection: '', siteSpace: 'ss1' })).toMatchObject({ title: 'Docs of Acme', lang: 'en' });
  });

  it('reads a site without sections, and survives anything that is not a profile', () => {
    const plain = { site: { title: 'Docs' }, structure: { type: 'siteSpaces', structure: [space('ss1', 'Only', 'http://localhost/sites/o/d/')] } };
    expect(readSiteProfile(JSON.stringify(plain), { siteSection: '', siteSpace: 'ss1' })).toMatchObject({
      title: 'Docs',
      lang: 'en',
      sections: [],
      variants: [{ title: 'Only', url: '/sites/o/d/', isCurrent: true }],
    });
    for (const junk of ['', 'null', '[1]', '{"structure":{"structure":[null,5]}}'])
      expect(() => readSiteProfile(junk, { siteSection: '', siteSpace: '' })).not.toThrow();
  });
});

describe('addresses', () => {
  it('keeps published URLs on the visitor’s host as paths', () => {
    expect(sitePathOf('https://d.example.com/a/b?x=1')).toBe('/a/b?x=1');
    expect(sitePathOf('not a url')).toBe('');
  });

  it('makes a page’s canonical URL from the canonical address of what was asked', () => {
    expect(canonicalUrlOf('https://d.example.com/guides/old', 'guides/old', 'guides/install')).toBe('https://d.example.com/guides/install');
    expect(canonicalUrlOf('https://d.example.com/', '', '')).toBe('https://d.example.com/');
    expect(canonicalUrlOf('http://q/sites/o/d/v2/', '', 'intro')).toBe('http://q/sites/o/d/v2/intro');
  });

  it('rebuilds the visitor’s URL: built-in under PUBLIC_URL on the API host, else the site’s host', () => {
    const publicUrl = 'http://localhost:8080';
    expect(visitorUrlOf({ publicUrl, host: '127.0.0.1:8080', proto: 'http', path: '/sites/o/d/x' })).toBe('http://localhost:8080/sites/o/d/x');
    expect(visitorUrlOf({ publicUrl, host: 'gateway:8080', proto: undefined, path: '/sites/o/d/' })).toBe('http://localhost:8080/sites/o/d/');
    expect(visitorUrlOf({ publicUrl, host: 'Docs.Example.com', proto: 'https', path: '/x?y=1' })).toBe('https://docs.example.com/x?y=1');
  });
});

describe('headers and statuses', () => {
  it("allows the one stylesheet by its hash and only the reader's own script, by its hash", () => {
    expect(styleHash('a{}')).toBe(`'sha256-${createHash('sha256').update('a{}').digest('base64')}'`);
    const csp = contentSecurityPolicy('a{}');
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(READER_SCRIPT).digest('base64')}';`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`style-src ${styleHash('a{}')}`);
    expect(csp).not.toContain('unsafe');
  });

  it('redirects permanently only on public sites', () => {
    expect(siteRedirectStatus('public')).toBe(308);
    for (const v of ['unlisted', 'share-link', 'visitor-auth', '']) expect(siteRedirectStatus(v)).toBe(307);
  });
});
