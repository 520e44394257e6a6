import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { callbackUrlOf, isAtSiteRoot, readAuthAddress } from '../src/modules/oidc-sign-in/domain/auth-address';
import { authorizationUrlOf } from '../src/modules/oidc-sign-in/domain/authorization-request';
import { verifyIdToken, visitorClaimsOf } from '../src/modules/oidc-sign-in/domain/id-token';
import { codeChallengeOf, newSignInState, openSignInState, sealSignInState, signInStateCookie } from '../src/modules/oidc-sign-in/domain/sign-in-state';

const SECRET = 'a-test-internal-secret-of-length';
const NOW = new Date('2026-11-29T12:00:00Z');
const ISSUER = 'https://sso.example.test';

describe('sign-in addresses', () => {
  it('finds the callback and sign-out under a site root, and nothing else', () => {
    expect(readAuthAddress('http://q.test/sites/org/docs/~gitbook/auth/oidc/callback?code=1&state=2')).toEqual({
      kind: 'oidc-callback',
      siteUrl: 'http://q.test/sites/org/docs/',
    });
    expect(readAuthAddress('https://docs.example.com/~gitbook/auth/logout')).toEqual({ kind: 'logout', siteUrl: 'https://docs.example.com/' });
    expect(readAuthAddress('http://q.test/sites/org/docs/auth/oidc/callback')).toBeNull();
    expect(readAuthAddress('http://q.test/sites/org/docs/~gitbook/auth/oidc/callback/more')).toBeNull();
    // As the URL parser reads them: backslashes are slashes, an escaped tilde is another segment.
    expect(readAuthAddress('http://q.test/sites/org/docs\\~gitbook\\auth\\logout')).toEqual({ kind: 'logout', siteUrl: 'http://q.test/sites/org/docs/' });
    expect(readAuthAddress('http://q.test/sites/org/docs/%7Egitbook/auth/logout')).toBeNull();
    expect(isAtSiteRoot('http://q.test/sites/org/docs/', '/sites/org/docs/')).toBe(true);
    expect(isAtSiteRoot('http://q.test/sites/org/docs/page/', '/sites/org/docs/')).toBe(false);
    expect(callbackUrlOf('http://q.test/sites/org/docs/setup?x=1', '/sites/org/docs/')).toBe('http://q.test/sites/org/docs/~gitbook/auth/oidc/callback');
  });
});

describe('sign-in state', () => {
  it('round-trips sealed, and refuses a tampered, foreign or expired one', () => {
    const state = newSignInState('site-1', '/sites/org/docs/setup', NOW);
    const sealed = sealSignInState(SECRET, state);
    expect(openSignInState(SECRET, sealed, NOW)).toEqual(state);
    expect(openSignInState('another-secret-of-some-length!!', sealed, NOW)).toBeNull();
    expect(openSignInState(SECRET, `${sealed.slice(0, -2)}AA`, NOW)).toBeNull();
    expect(openSignInState(SECRET, sealed, new Date(NOW.getTime() + 601_000))).toBeNull();
    expect(openSignInState(SECRET, undefined, NOW)).toBeNull();
    expect(signInStateCookie(null, '/sites/org/docs', false)).toBe('quire_oidc_state=; Path=/sites/org/docs; HttpOnly; SameSite=Lax; Max-Age=0');
  });

  it('asks for the code with PKCE S256, state and nonce', () => {
    const state = newSignInState('site-1', '/', NOW);
    const url = new URL(
      authorizationUrlOf(
        { issuer: ISSUER, clientId: 'c', scopes: ['openid', 'email'], authorizationEndpoint: `${ISSUER}/auth?x=1` },
        'https://d.test/cb',
        state,
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      response_type: 'code',
      client_id: 'c',
      redirect_uri: 'https://d.test/cb',
      scope: 'openid email',
      state: state.state,
      nonce: state.nonce,
      code_challenge: codeChallengeOf(state.codeVerifier),
      code_challenge_method: 'S256',
    });
    // RFC 7636 appendix B.
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('ID tokens', () => {
  let key: KeyLike;
  let other: KeyLike;
  let jwks: { keys: object[] };
  beforeAll(async () => {
    ({ privateKey: key } = await generateKeyPair('ES256'));
    ({ privateKey: other } = await generateKeyPair('ES256'));
    const { d: _d, ...publicJwk } = await exportJWK(key);
    jwks = { keys: [{ ...publicJwk, kid: 'k1', alg: 'ES256' }] };
  });
  const expected = { issuer: ISSUER, clientId: 'client', nonce: 'n-1' };
  const sign = (claims: Record<string, unknown>, options: { key?: KeyLike; exp?: number; iss?: string; aud?: string } = {}) =>
    new SignJWT({ nonce: 'n-1', email: 'ada@example.test', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(options.iss ?? ISSUER)
      .setAudience(options.aud ?? 'client')
      .setSubject('ada')
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .setExpirationTime(options.exp ?? Math.floor(NOW.getTime() / 1000) + 300)
      .sign(options.key ?? key);
  const check = async (token: Promise<string>) => {
    const result = await verifyIdToken(await token, jwks as never, expected, NOW);
    return result.ok ? 'ok' : result.reason;
  };

  it('accepts the provider’s token and refuses every other', async () => {
    expect(await check(sign({}))).toBe('ok');
    expect(await check(sign({ nonce: 'n-2' }))).toBe('the token belongs to another sign-in (nonce)');
    expect(await check(sign({}, { exp: Math.floor(NOW.getTime() / 1000) - 120 }))).toBe('the token has expired');
    expect(await check(sign({}, { key: other }))).toBe('the token is not signed by the provider');
    expect(await check(sign({}, { iss: 'https://evil.test' }))).toBe("the token's claims do not match (iss)");
    expect(await check(sign({}, { aud: 'another-client' }))).toBe("the token's claims do not match (aud)");
    const hs = new SignJWT({ nonce: 'n-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience('client')
      .setSubject('a')
      .setIssuedAt()
      .setExpirationTime('5m');
    expect(await check(hs.sign(new TextEncoder().encode('client-secret')))).toBe('the token is signed with an algorithm not accepted');
  });

  it('keeps the claims named, or all but the protocol’s', () => {
    const payload = { iss: ISSUER, aud: 'c', sub: 'ada', exp: 1, iat: 1, nonce: 'n', at_hash: 'h', email: 'a@b', groups: ['x'] };
    expect(visitorClaimsOf(payload, [])).toEqual({ email: 'a@b', groups: ['x'] });
    expect(visitorClaimsOf(payload, ['groups', 'nonce'])).toEqual({ groups: ['x'], nonce: 'n' });
  });
});
