// A real OpenID provider for the reader's sign-in test: panva's oidc-provider (certified), on a
// loopback port, with its development login (any login and password) and consent pages. A child
// process, as oidc-provider is an ES module the test runner does not load. Prints
// `{"issuer": "..."}` once listening. Settings as JSON in argv[2]: { clientId, clientSecret, redirectUri }.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const { clientId, clientSecret, redirectUri } = JSON.parse(process.argv[2]);
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const provider = new Provider(issuer, {
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The scopes' claims go into the ID token, which is what the reader keeps.
  conformIdTokenClaims: false,
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `Reader ${sub}` }),
  }),
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['quire-e2e-oidc-cookie-key'] },
});
server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
