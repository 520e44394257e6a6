import fc from 'fast-check';
import { redirectCandidates, resolveRedirectTarget, type RedirectRule } from '@quire/publishing';

const rule = (over: Partial<RedirectRule> = {}): RedirectRule => ({ draft: false, permanent: false, captureWildcard: false, ...over });
const match = (request: string, key: string) => {
  const candidate = redirectCandidates(request).candidates.find((c) => c.key === key);
  if (!candidate) throw new Error(`${key} does not match ${request}`);
  return candidate;
};

describe('resolveRedirectTarget', () => {
  it('answers 308 for a permanent redirect only to public live traffic, 307 otherwise', () => {
    const m = match('/old', '/old');
    expect(resolveRedirectTarget(rule({ permanent: true }), m, '/new', 'public-live')).toEqual({ location: '/new', status: 308 });
    expect(resolveRedirectTarget(rule({ permanent: true }), m, '/new', 'restricted-live')).toEqual({ location: '/new', status: 307 });
    expect(resolveRedirectTarget(rule({ permanent: true }), m, '/new', 'preview')).toEqual({ location: '/new', status: 307 });
    expect(resolveRedirectTarget(rule(), m, '/new', 'public-live')).toEqual({ location: '/new', status: 307 });
  });

  it('does not serve a draft redirect to live traffic, only in a preview', () => {
    const m = match('/old', '/old');
    expect(resolveRedirectTarget(rule({ draft: true, permanent: true }), m, '/new', 'public-live')).toBeUndefined();
    expect(resolveRedirectTarget(rule({ draft: true }), m, '/new', 'restricted-live')).toBeUndefined();
    expect(resolveRedirectTarget(rule({ draft: true, permanent: true }), m, '/new', 'preview')).toEqual({ location: '/new', status: 307 });
  });

  it('appends the wildcard-matched suffix only with captureWildcard, before the query and fragment', () => {
    const capture = rule({ captureWildcard: true });
    expect(resolveRedirectTarget(rule(), match('/old/a/b', '/old/*'), '/new', 'public-live')?.location).toBe('/new');
    expect(resolveRedirectTarget(capture, match('/old/a/b', '/old/*'), '/new', 'public-live')?.location).toBe('/new/a/b');
    expect(resolveRedirectTarget(capture, match('/old/a/b/', '/old/*'), '/new/', 'public-live')?.location).toBe('/new/a/b');
    expect(resolveRedirectTarget(capture, match('/old/a', '/old/*'), 'https://x.example/new?v=1#top', 'public-live')?.location).toBe(
      'https://x.example/new/a?v=1#top',
    );
    expect(resolveRedirectTarget(capture, match('/old/a', '/old/*'), 'https://x.example', 'public-live')?.location).toBe('https://x.example/a');
    expect(resolveRedirectTarget(capture, match('/old-v2/a', '/old*'), '/new', 'public-live')?.location).toBe('/new-v2/a');
    expect(resolveRedirectTarget(capture, match('/old/a', '/old*'), '/new', 'public-live')?.location).toBe('/new/a');
    expect(resolveRedirectTarget(capture, match('/old', '/old*'), '/new', 'public-live')?.location).toBe('/new');
  });

  it('never lets a captured suffix climb above the destination', () => {
    const capture = rule({ captureWildcard: true });
    expect(resolveRedirectTarget(capture, match('/old../y', '/old*'), '/new/', 'public-live')?.location).toBe('/new/y');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('..', '.', 'a', '%2e%2e', '', '..%2f', '..a'), { maxLength: 8 }), (segments) => {
        const request = `/old${segments.join('/')}`;
        const candidate = redirectCandidates(request).candidates.find((c) => c.key === '/old*');
        if (!candidate) return;
        const location = resolveRedirectTarget(capture, candidate, 'https://x.example/new/', 'public-live')?.location ?? '';
        expect(location === 'https://x.example/new' || location.startsWith('https://x.example/new/')).toBe(true);
        expect(location.slice('https://x.example/new/'.length).split('/')).not.toContain('..');
      }),
    );
  });
});
