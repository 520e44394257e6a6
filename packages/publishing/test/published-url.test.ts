import fc from 'fast-check';
import { normalizePath, parsePublishedUrl, type ParsedPublishedUrl, type SiteAddressCandidate } from '@quire/publishing';

const PUBLIC_URL = 'https://quire.example.com:8443/app';
const parse = (url: string) => {
  const parsed = parsePublishedUrl(url, { publicUrl: PUBLIC_URL });
  if (!parsed.ok) throw new Error(`${url}: ${parsed.message}`);
  return parsed as ParsedPublishedUrl;
};
const lookups = (url: string) => parse(url).candidates.map((c) => c.lookup);

const id = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
const pageSegment = fc.oneof(fc.stringMatching(/^[a-z0-9-]{1,10}$/), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map(encodeURIComponent));
const tail = fc.tuple(
  fc.constantFrom('', '/', '//'),
  fc.constantFrom('', '?a=1', '?share_key=k&x', '?jwt_token=t.t.t'),
  fc.constantFrom('', '#top', '#a/../b'),
);

describe('parsePublishedUrl', () => {
  it('reads the built-in address first, then proxy origins longest first, then the custom hostname', () => {
    expect(lookups('https://quire.example.com:8443/app/sites/org1/api/guides/intro?x=1')).toEqual([
      { kind: 'built-in', organizationId: 'org1', basename: 'api' },
      { kind: 'proxy', proxyUrl: 'quire.example.com/app/sites/org1/api/guides/intro' },
      { kind: 'proxy', proxyUrl: 'quire.example.com/app/sites/org1/api/guides' },
      { kind: 'proxy', proxyUrl: 'quire.example.com/app/sites/org1/api' },
      { kind: 'proxy', proxyUrl: 'quire.example.com/app/sites/org1' },
      { kind: 'proxy', proxyUrl: 'quire.example.com/app/sites' },
      { kind: 'proxy', proxyUrl: 'quire.example.com/app' },
      { kind: 'hostname', hostname: 'quire.example.com' },
    ]);
    const [builtIn] = parse('https://quire.example.com:8443/app/sites/org1/api/guides/intro/').candidates;
    expect(builtIn).toEqual({ lookup: expect.anything(), siteBasePath: '/app/sites/org1/api/', rest: ['guides', 'intro'] });
    expect(parse('https://Docs.Example.COM./a/b').candidates).toEqual([
      { lookup: { kind: 'proxy', proxyUrl: 'docs.example.com/a/b' }, siteBasePath: '/a/b/', rest: [] },
      { lookup: { kind: 'proxy', proxyUrl: 'docs.example.com/a' }, siteBasePath: '/a/', rest: ['b'] },
      { lookup: { kind: 'hostname', hostname: 'docs.example.com' }, siteBasePath: '/', rest: ['a', 'b'] },
    ]);
    // Another port, or too few segments, is not the built-in address.
    expect(lookups('https://quire.example.com/app/sites/org1/api')[0].kind).toBe('proxy');
    expect(lookups('https://quire.example.com:8443/app/sites/org1')[0].kind).toBe('proxy');
  });

  it('takes the share key and the visitor token from the query', () => {
    expect(parse('https://docs.example.com/a?share_key=abc&jwt_token=x.y.z')).toEqual(expect.objectContaining({ shareKey: 'abc', visitorToken: 'x.y.z' }));
    expect(parse('https://docs.example.com/a')).not.toHaveProperty('shareKey');
  });

  it('refuses what is not an absolute http(s) URL, with a reason', () => {
    for (const [url, problem] of [
      ['/relative', 'invalid-url'],
      ['', 'invalid-url'],
      ['http://', 'invalid-url'],
      ['javascript:alert(1)', 'unsupported-scheme'],
      ['file:///etc/passwd', 'unsupported-scheme'],
      [`https://a.example/${'x'.repeat(9000)}`, 'too-long'],
    ] as const) {
      expect(parsePublishedUrl(url, { publicUrl: PUBLIC_URL })).toEqual({ ok: false, problem, message: expect.stringContaining('url') });
    }
  });

  it('finds the built-in site whatever the scheme, trailing slashes, escapes, query and fragment, and the path never leaves the site', () => {
    fc.assert(
      fc.property(
        id,
        id,
        fc.array(pageSegment, { maxLength: 5 }),
        fc.constantFrom('http', 'https'),
        tail,
        (org, basename, page, scheme, [slash, query, fragment]) => {
          const url = `${scheme}://QUIRE.example.com:8443/app/sites/${org}/${basename}/${page.join('/')}${slash}${query}${fragment}`;
          const [first] = parse(url).candidates;
          expect(first.lookup).toEqual({ kind: 'built-in', organizationId: org, basename });
          expect(first.rest).toEqual(normalizePath(page.join('/')).split('/').filter(Boolean));
        },
      ),
    );
  });

  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc
      .tuple(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.array(fc.constantFrom('..', '.', '%2e%2e', '%2E.', '', '%00', '\0', '😀', '%zz', '\\..'), { maxLength: 8 }),
      )
      .map(([u, s]) => `${u}/${s.join('/')}`),
    fc
      .tuple(id, id, fc.array(fc.constantFrom('..', '%2e%2e', 'a', '.', '..%2f', '%2f..'), { maxLength: 8 }))
      .map(([o, b, s]) => `https://quire.example.com:8443/app/sites/${o}/${b}/${s.join('/')}`),
  );

  it('never throws, and every candidate reads the whole resolved path: its base plus what is left, no dot or empty segment', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const parsed = parsePublishedUrl(input, { publicUrl: PUBLIC_URL });
        if (!parsed.ok) return;
        const path = normalizePath(new URL(input).pathname);
        const last = parsed.candidates[parsed.candidates.length - 1] as SiteAddressCandidate;
        expect(last.lookup.kind).toBe('hostname');
        expect(parsed.candidates.length).toBeLessThanOrEqual(2 + 8);
        for (const candidate of parsed.candidates) {
          expect(candidate.rest.every((s) => s !== '' && s !== '.' && s !== '..')).toBe(true);
          expect(normalizePath(candidate.siteBasePath + candidate.rest.join('/'))).toBe(path);
          expect(candidate.siteBasePath.endsWith('/')).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a ".." that would climb out of a built-in site from reaching it', () => {
    // The URL itself is another address once resolved: it is not the site's.
    expect(lookups('https://quire.example.com:8443/app/sites/org1/api/../../org2/secret/page')[0]).toEqual({
      kind: 'built-in',
      organizationId: 'org2',
      basename: 'secret',
    });
    expect(lookups('https://quire.example.com:8443/app/sites/org1/api/%2e%2e/%2e%2e/%2e%2e/x')[0].kind).toBe('proxy');
    expect(parse('https://quire.example.com:8443/app/sites/org1/api/a/%2e%2e/%2e%2e/%2e%2e').candidates.filter((c) => c.lookup.kind === 'built-in')).toEqual(
      [],
    );
  });
});
