import { apiClient, expectError } from '../support/api';
import { currentStack, runCli } from '../support/stack';

// Every way a request can fail authentication at the gateway, and the internal headers it strips.
const stack = currentStack();
const api = apiClient(stack);

describe('authentication at the gateway', () => {
  it('answers 401 without an Authorization header', async () => {
    expectError(await api.get('/v1/user', { token: null }), 401, /Missing Authorization/);
  });

  it.each([
    ['a Basic credential', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a token', 'Bearer '],
    ['a token with spaces', 'Bearer abc def ghi'],
    ['a lower-case scheme and a short token', 'bearer abc'],
    ['a token with forbidden characters', 'Bearer qr_<script>alert(1)</script>'],
  ])('answers 401 for a malformed header: %s', async (_name, header) => {
    expectError(await api.get('/v1/user', { token: null, headers: { authorization: header } }), 401, /Malformed Authorization/);
  });

  it('answers 401 for an unknown token', async () => {
    expectError(await api.get('/v1/orgs', { token: 'qr_thisTokenDoesNotExist0000000000000000' }), 401, /Unknown or revoked/);
  });

  it('answers 401 for a revoked token, at once', async () => {
    const created = await runCli(stack, ['tokens', 'create', '--email', `revoke-${Date.now()}@example.com`]);
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect((await api.get('/v1/user', { token })).status).toBe(200);
    const revoked = await runCli(stack, ['tokens', 'revoke', '--token', token]);
    expect(revoked).toMatchObject({ code: 0, stdout: 'revoked\n' });
    // The gateway keeps an in-process copy for a few seconds at most (AUTH_LOCAL_TTL_MS).
    const deadline = Date.now() + 8000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await api.get('/v1/user', { token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 250));
    }
    expectError(await api.get('/v1/user', { token }), 401, /Unknown or revoked/);
  });

  it('answers 401 without a token before the request reaches a service', async () => {
    expectError(await api.get('/v1/collections/abc', { token: null }), 401);
  });

  it('ignores client-supplied internal principal headers', async () => {
    const forged = {
      'x-quire-principal': Buffer.from(JSON.stringify({ u: 'someone-else', t: 'x', iat: Math.floor(Date.now() / 1000) })).toString('base64url'),
      'x-quire-signature': 'forged',
    };
    expectError(await api.get('/v1/user', { token: null, headers: forged }), 401);
    const me = await api.get('/v1/user');
    const withForged = await api.get('/v1/user', { headers: forged });
    expect(withForged.status).toBe(200);
    expect(withForged.body.id).toBe(me.body.id);
  });
});
