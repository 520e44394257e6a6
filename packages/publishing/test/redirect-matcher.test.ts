import fc from 'fast-check';
import { normalizePath, parseRedirectSource, pickRedirect, redirectCandidates, SOURCE_PATH_PATTERN, type RedirectSource } from '@quire/publishing';

const HOSTILE = [
  '',
  '/',
  '//',
  '///a//b//',
  '/%',
  '/%zz/%4',
  '/a%2Fb',
  '/\0',
  '/a/\0/b',
  '/\ud800',
  '/\udfff\ud800x',
  '/😀/🚀*',
  '/*',
  '/a/*',
  '/../..',
  '/a/%2e%2E/b',
  '?x=1',
  '#frag',
  '/a?b#c',
  'no-slash',
  '\\a\\b',
  '/'.repeat(5000),
  `/${'a'.repeat(20000)}`,
  `/${'x/'.repeat(3000)}`,
];

/** Anything a client might send: full Unicode (lone surrogates included) and URL-ish characters. */
const anyPath = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.oneof(fc.constantFrom('a', 'B', '.', '..', '%2e', '%41', '%2f', '%', '*', '~', '+', '', ' ', '😀', '\0', '?', '#'), fc.string({ maxLength: 6 })),
      { maxLength: 12 },
    )
    .map((parts) => `/${parts.join('/')}`),
  fc.constantFrom(...HOSTILE),
);

const segment = fc.constantFrom('a', 'b', 'ab', 'A', 'docs', 'v2', '%2F', '%41', 'x.y', '~');
const segs = fc.array(segment, { minLength: 1, maxLength: 4 });
const source = fc.tuple(segs, fc.constantFrom('', '/*', '*')).map(([s, w]) => `/${s.join('/')}${w}`);

describe('redirect matcher', () => {
  it('never throws, and its keys are valid canonical sources, bounded by the path length and 512', () => {
    fc.assert(
      fc.property(anyPath, (input) => {
        const { path, candidates } = redirectCandidates(input);
        expect(candidates.length).toBeLessThanOrEqual(Math.min(path.length, 512));
        for (const candidate of candidates) {
          const parsed = parseRedirectSource(candidate.key);
          expect(parsed).toEqual({ ok: true, source: expect.objectContaining({ key: candidate.key }) });
        }
      }),
      { numRuns: 500 },
    );
    for (const input of HOSTILE) expect(() => redirectCandidates(input)).not.toThrow();
  });

  it('lists the exact path first, then wildcards from the longest prefix to the shortest', () => {
    fc.assert(
      fc.property(anyPath, (input) => {
        const { path, candidates } = redirectCandidates(input);
        if (candidates.length === 0) return;
        if (path.length <= 512) expect(candidates[0]).toEqual({ key: path, kind: 'exact', suffix: '' });
        const wildcards = candidates.filter((c) => c.kind === 'wildcard');
        expect(candidates.slice(candidates.length - wildcards.length)).toEqual(wildcards);
        for (let i = 1; i < wildcards.length; i += 1) expect(wildcards[i].key.length).toBeLessThan(wildcards[i - 1].key.length);
        for (const w of wildcards) expect(w.key.slice(0, -1) + w.suffix).toBe(path);
      }),
    );
  });

  it('gives the request path as the reference example reads it', () => {
    expect(redirectCandidates('/docs/intro/').candidates.map((c) => c.key)).toEqual([
      '/docs/intro',
      '/docs/intro*',
      '/docs/intr*',
      '/docs/int*',
      '/docs/in*',
      '/docs/i*',
      '/docs/*',
      '/docs*',
      '/doc*',
      '/do*',
      '/d*',
    ]);
    expect(redirectCandidates('/').candidates).toEqual([]);
    // A "*" in a request is a character, not a wildcard: it can only match a source written "%2A".
    expect(redirectCandidates('/a*').candidates[0].key).toBe('/a%2A');
    // Never a key that cuts an escape in two.
    expect(redirectCandidates('/%C3%A9').candidates.map((c) => c.key)).toEqual(['/%C3%A9', '/%C3%A9*', '/%C3*']);
  });

  // Reference model: scan every live source, keep exact equality or the longest matching prefix.
  const scan = (sources: RedirectSource[], path: string) => {
    const exact = sources.find((s) => s.kind === 'exact' && s.key === path);
    if (exact) return exact.key;
    const wild = sources.filter((s) => s.kind === 'wildcard' && path.startsWith(s.prefix) && path !== '/').sort((a, b) => b.key.length - a.key.length);
    return wild[0]?.key;
  };

  it('finds by probing exactly what a scan of all redirects finds: exact beats wildcard, longer prefix beats shorter', () => {
    fc.assert(
      fc.property(fc.uniqueArray(source, { maxLength: 30 }), segs, fc.constantFrom('', '/', '//', '?q=1', '#f'), (raw, requestSegs, tail) => {
        const sources = raw.map((s) => parseRedirectSource(s)).flatMap((p) => (p.ok ? [p.source] : []));
        const probe = redirectCandidates(`/${requestSegs.join('/')}${tail}`);
        const probed = new Set(probe.candidates.map((c) => c.key));
        const found = sources.filter((s) => probed.has(s.key)); // what `source_key = ANY($2)` returns
        expect(pickRedirect(probe, found)?.redirect.key).toBe(scan(sources, probe.path));
      }),
      { numRuns: 1000 },
    );
  });

  it('matches the same redirect whatever trailing slashes, escapes of unreserved characters and hex case the request has', () => {
    const source = parseRedirectSource('/Docs/%c3%a9t%C3%A9/*');
    if (!source.ok) throw new Error('valid');
    expect(source.source.key).toBe('/Docs/%C3%A9t%C3%A9/*');
    for (const request of ['/Docs/%C3%A9t%C3%A9/a/', '/%44ocs/%c3%a9t%c3%a9//a', '/Docs/ét%C3%A9/a', '/Docs/x/../%C3%A9t%C3%A9/./a?x#y']) {
      const hit = pickRedirect(redirectCandidates(request), [source.source]);
      expect(hit?.candidate.suffix).toBe('a');
    }
    // Case-sensitive: "/docs" is another path.
    expect(pickRedirect(redirectCandidates('/docs/%C3%A9t%C3%A9/a'), [source.source])).toBeUndefined();
  });
});

describe('redirect sources', () => {
  it('accepts what the reference pattern accepts (and no dot segments), refusing the rest with a reason', () => {
    expect(parseRedirectSource('/a/b')).toEqual({ ok: true, source: { kind: 'exact', key: '/a/b' } });
    expect(parseRedirectSource('/a/b/*')).toEqual({ ok: true, source: { kind: 'wildcard', key: '/a/b/*', prefix: '/a/b/' } });
    expect(parseRedirectSource('/a/b*')).toEqual({ ok: true, source: { kind: 'wildcard', key: '/a/b*', prefix: '/a/b' } });
    expect(parseRedirectSource('/a/.*')).toEqual({ ok: true, source: { kind: 'wildcard', key: '/a/.*', prefix: '/a/.' } });
    for (const bad of ['a', '/', '/*', '/a/', '/a//b', '/a*b', '/a/*/b', '/a b', '/é', '/a/**', '/%zz', 42, null, undefined]) {
      expect(parseRedirectSource(bad)).toEqual(expect.objectContaining({ ok: false, problem: 'pattern' }));
    }
    for (const dots of ['/a/../b', '/./a', '/a/%2E%2e', '/a/../*', '/../b*']) {
      expect(parseRedirectSource(dots)).toEqual(expect.objectContaining({ ok: false, problem: 'dot-segment' }));
    }
    expect(parseRedirectSource(`/${'a'.repeat(512)}`)).toEqual(expect.objectContaining({ ok: false, problem: 'too-long' }));
    expect(parseRedirectSource(`/${'a'.repeat(511)}`).ok).toBe(true);
  });

  it('never throws and agrees with the reference pattern on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), source), (input) => {
        const parsed = parseRedirectSource(input);
        if (parsed.ok) expect(SOURCE_PATH_PATTERN.test(input)).toBe(true);
        else if (parsed.problem === 'pattern') expect(SOURCE_PATH_PATTERN.test(input)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('path normaliser', () => {
  it('is idempotent, never leaves dot or empty segments, and never climbs above the root', () => {
    fc.assert(
      fc.property(anyPath, (input) => {
        const once = normalizePath(input);
        expect(normalizePath(once)).toBe(once);
        expect(once.startsWith('/')).toBe(true);
        if (once !== '/')
          expect(
            once
              .slice(1)
              .split('/')
              .every((s) => s !== '' && s !== '.' && s !== '..'),
          ).toBe(true);
        expect(once).toMatch(/^(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-F]{2})*)+$/);
      }),
      { numRuns: 2000 },
    );
    expect(normalizePath('/../../etc/passwd')).toBe('/etc/passwd');
    expect(normalizePath('/a/%2e%2e/%2E%2E/%2e/b')).toBe('/b');
    expect(normalizePath('/a\0b')).toBe('/a%00b');
    expect(normalizePath('/\ud800')).toBe('/%EF%BF%BD');
  });
});
