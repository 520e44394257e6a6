import { cookiesAllowedBy } from '../src/modules/pages/domain/page-headers';
import { cookiePairs } from '../src/modules/visitor-access/domain/cookie-pairs';
import {
  acceptedCredentials,
  cookiePath,
  credentialCookies,
  parseCookies,
  readVisitorAccess,
  SHARE_KEY_COOKIE,
  VISITOR_TOKEN_COOKIE,
} from '../src/modules/visitor-access/domain/visitor-credentials';

const SITE = 'http://localhost:8080/sites/org/docs/';

describe('readVisitorAccess', () => {
  it('sends a visitor with a credential on a hostile path to a path on the site, never to another host', () => {
    // On a custom hostname the path is the whole address: `//host` or `/\\host` would leave the site.
    for (const path of ['//evil.example/x', '/\\evil.example/x', '\\\\evil.example/x', '/\\/evil.example/x', '///evil.example/x']) {
      for (const param of ['share_key=k', 'jwt_token=t']) {
        const cleanUrl = readVisitorAccess(`https://docs.a.test${path.startsWith('/') ? '' : '/'}${path}?${param}`, undefined).cleanUrl as string;
        expect(cleanUrl).toBe('/evil.example/x');
        expect(new URL(cleanUrl, 'https://docs.a.test/').host).toBe('docs.a.test');
      }
    }
    expect(readVisitorAccess('https://docs.a.test/%2F%2Fevil.example?share_key=k', undefined).cleanUrl).toBe('/%2F%2Fevil.example');
  });

  it('resolves a plain URL as it is, with no clean URL to send the visitor to', () => {
    expect(readVisitorAccess(`${SITE}guides`, undefined)).toEqual({
      resolveUrl: `${SITE}guides`,
      visitorToken: '',
      cleanUrl: null,
      fromUrl: {},
      anonymous: true,
      hasUnkeepableToken: false,
    });
  });

  it('takes a share key or a JWT from the URL once, and names the clean URL without them', () => {
    const visit = readVisitorAccess(`${SITE}guides?a=1&share_key=k1&jwt_token=t1`, undefined);
    expect(visit.fromUrl).toEqual({ shareKey: 'k1', visitorToken: 't1' });
    expect(visit.cleanUrl).toBe('/sites/org/docs/guides?a=1');
    expect(visit.resolveUrl).toBe(`${SITE}guides?a=1&share_key=k1&jwt_token=t1`);
    // The URL's token wins: sites reads it from the URL, the cookie's is not passed.
    expect(readVisitorAccess(`${SITE}?jwt_token=t1`, `${VISITOR_TOKEN_COOKIE}=old`).visitorToken).toBe('');
  });

  it('adds the cookie’s share key and passes the cookie’s visitor token when the URL has none', () => {
    const visit = readVisitorAccess(`${SITE}guides`, `${SHARE_KEY_COOKIE}=k%2F2; ${VISITOR_TOKEN_COOKIE}=t2`);
    expect(visit.resolveUrl).toBe(`${SITE}guides?share_key=k%2F2`);
    expect(visit.visitorToken).toBe('t2');
    expect(visit.cleanUrl).toBeNull();
  });

  it('ignores a credential given twice or too long, but still cleans the URL', () => {
    const twice = readVisitorAccess(`${SITE}?share_key=a&share_key=b`, undefined);
    expect(twice.fromUrl).toEqual({});
    expect(twice.cleanUrl).toBe('/sites/org/docs/');
    expect(readVisitorAccess(`${SITE}?jwt_token=${'x'.repeat(5000)}`, undefined).fromUrl).toEqual({});
  });

  it('is anonymous only with no credential on the URL (even empty or repeated) nor in a cookie', () => {
    expect(readVisitorAccess(`${SITE}guides?a=1`, 'theme=dark').anonymous).toBe(true);
    for (const url of [`${SITE}?share_key=k`, `${SITE}?share_key=`, `${SITE}?jwt_token=t`, `${SITE}?share_key=a&share_key=b`])
      expect(readVisitorAccess(url, undefined).anonymous).toBe(false);
    expect(readVisitorAccess(SITE, `${SHARE_KEY_COOKIE}=k`).anonymous).toBe(false);
    expect(readVisitorAccess(SITE, `theme=dark; ${VISITOR_TOKEN_COOKIE}=t`).anonymous).toBe(false);
  });
});

describe('credentialCookies', () => {
  it('keeps each credential HttpOnly and SameSite=Lax, scoped to the site, Secure behind https', () => {
    expect(credentialCookies({ shareKey: 'k 1' }, '/sites/org/docs/', false)).toEqual([
      `${SHARE_KEY_COOKIE}=k%201; Path=/sites/org/docs; HttpOnly; SameSite=Lax`,
    ]);
    expect(credentialCookies({ visitorToken: 't' }, '/', true)).toEqual([`${VISITOR_TOKEN_COOKIE}=t; Path=/; HttpOnly; SameSite=Lax; Secure`]);
    expect(credentialCookies({}, '/', true)).toEqual([]);
  });

  it('never lets a path break out of its attribute', () => {
    expect(cookiePath('/a;b c/')).toBe('/a%3Bb%20c');
    expect(cookiePath('')).toBe('/');
  });
});

describe('parseCookies', () => {
  it('reads pairs, keeps the first of repeats and drops what is not a value of ours', () => {
    const cookies = parseCookies('a=1; b=%E0%A4%A; =x; c; a=2; d=' + 'y'.repeat(5000));
    expect([...cookies.entries()]).toEqual([['a', '1']]);
    expect(parseCookies(undefined).size).toBe(0);
  });
});

describe('which credentials are kept', () => {
  const fromUrl = { shareKey: 'k1', visitorToken: 't1' };

  it('keeps only the share key sites answered as opening a share-link site, and the JWT that opened a visitor-auth site', () => {
    expect(acceptedCredentials(fromUrl, { visibility: 'share-link', shareKey: 'k1' })).toEqual({ shareKey: 'k1' });
    expect(acceptedCredentials(fromUrl, { visibility: 'share-link', shareKey: '' })).toEqual({});
    expect(acceptedCredentials(fromUrl, { visibility: 'visitor-auth', shareKey: '' })).toEqual({ visitorToken: 't1' });
  });

  it('keeps nothing from the URL of a public or unlisted site: no credential was needed, none was checked', () => {
    expect(acceptedCredentials(fromUrl, { visibility: 'public', shareKey: '' })).toEqual({});
    expect(acceptedCredentials(fromUrl, { visibility: 'unlisted', shareKey: '' })).toEqual({});
  });

  it('flags a URL visitor JWT longer than a cookie can keep (name and value past 4,096 bytes)', () => {
    const fits = 'a'.repeat(4096 - VISITOR_TOKEN_COOKIE.length - 1);
    expect(readVisitorAccess(`${SITE}?jwt_token=${fits}`, undefined).hasUnkeepableToken).toBe(false);
    expect(readVisitorAccess(`${SITE}?jwt_token=${fits}a`, undefined).hasUnkeepableToken).toBe(true);
    expect(readVisitorAccess(`${SITE}?jwt_token=${'a'.repeat(8000)}`, undefined).hasUnkeepableToken).toBe(true);
  });
});

describe('cookies and shared caches', () => {
  it('sends no Set-Cookie on an answer a shared cache may keep', () => {
    expect(cookiesAllowedBy('public, no-cache', ['quire_visitor=v'])).toEqual([]);
    expect(cookiesAllowedBy('public, max-age=3600', ['quire_share_key=k'])).toEqual([]);
    expect(cookiesAllowedBy('private, no-store', ['quire_visitor=v'])).toEqual(['quire_visitor=v']);
  });
});

describe('cookiePairs', () => {
  it('gives the trimmed name=value pairs in order, repeats included, and leaves out pairs without a name or =', () => {
    expect([...cookiePairs(' a=1;b = 2 ; =x; flag; a=3; c=')]).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
      ['c', ''],
    ]);
    expect([...cookiePairs(undefined)]).toEqual([]);
  });
});
