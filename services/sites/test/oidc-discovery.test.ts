import { discoveryUrlOf, readDiscovery, scopesOf } from '../src/modules/publishing-auth/domain/oidc-discovery';

const ISSUER = 'https://sso.example.test/realms/docs';
const DOC = { issuer: ISSUER, authorization_endpoint: `${ISSUER}/auth`, token_endpoint: `${ISSUER}/token`, jwks_uri: `${ISSUER}/certs` };

describe('OpenID provider discovery', () => {
  it('reads the endpoints of a document for the issuer asked', () => {
    expect(discoveryUrlOf(`${ISSUER}/`)).toBe(`${ISSUER}/.well-known/openid-configuration`);
    expect(readDiscovery(ISSUER, DOC)).toEqual({
      ok: true,
      endpoints: { authorizationEndpoint: `${ISSUER}/auth`, tokenEndpoint: `${ISSUER}/token`, jwksUri: `${ISSUER}/certs` },
    });
  });

  it('refuses a document of another issuer, without an endpoint, or no object', () => {
    expect(readDiscovery(ISSUER, { ...DOC, issuer: 'https://evil.test' })).toMatchObject({ ok: false, message: expect.stringMatching(/^issuer: .*evil/) });
    expect(readDiscovery(ISSUER, { ...DOC, jwks_uri: 'javascript:alert(1)' })).toMatchObject({ ok: false, message: expect.stringContaining('jwks_uri') });
    expect(readDiscovery(ISSUER, [])).toMatchObject({ ok: false });
    expect(readDiscovery(ISSUER, null)).toMatchObject({ ok: false });
  });

  it('asks openid first, once', () => {
    expect(scopesOf(['email', 'openid', 'email'])).toEqual(['openid', 'email']);
    expect(scopesOf(undefined)).toEqual(['openid']);
  });
});
