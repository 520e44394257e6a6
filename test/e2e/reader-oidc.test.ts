import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';
import type { Browser } from 'playwright-core';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { ensureChromium, launchChromium } from '../support/browser';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { databaseMentions } from '../support/secrets-at-rest';
import { currentStack, REPO_ROOT } from '../support/stack';

// OpenID Connect sign-in for readers of a visitor-auth site (docs/sites.md): the configuration
// routes, the whole flow in chromium against panva's oidc-provider (a real, certified provider,
// started here on loopback), then callbacks that must be refused, from a provider of the test's own
// that signs what it is told to (wrong nonce, expired, wrongly signed ID tokens). Screenshot in
// test-output/reader-oidc.png.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const OUT = join(REPO_ROOT, 'test-output');
const CALLBACK = '~gitbook/auth/oidc/callback';
const CLIENT_ID = 'quire-reader';
const CLIENT_SECRET = `oidc-secret-${Date.now().toString(36)}-never-in-clear`;
let api: GitBookAPI;
let admin: ApiClient;
let orgId: string;
let spaceId: string;
let browser: Browser;
let provider: ChildProcess;
let issuer: string;
let realSite: { id: string; url: string };

/** The test's own provider: signs ID tokens as `mode` says. */
let fake: Server;
let fakeIssuer: string;
let fakeSite: { id: string; url: string };
let mode: 'good' | 'wrong-nonce' | 'expired' | 'wrong-key' | 'hs256' = 'good';
let providerKey: KeyLike;
let attackerKey: KeyLike;
let providerJwk: JWK;
/** The nonce the reader sent with the last authorization request. */
let lastNonce = '';

async function publishedSite(title: string) {
  const { data: site } = await api.orgs.createSite(orgId, { title, visibility: SiteVisibility.VisitorAuth, spaces: [spaceId] });
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
}

function oidcPath(siteId: string): string {
  return `/v1/orgs/${orgId}/sites/${siteId}/publishing/auth/oidc`;
}

async function startProvider(redirectUri: string): Promise<{ child: ChildProcess; issuer: string }> {
  const script = join(REPO_ROOT, 'test/support/oidc/provider-server.mjs');
  const child = spawn(process.execPath, [script, JSON.stringify({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri })], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`oidc-provider exited (${code})`)));
  });
  return { child, issuer: (JSON.parse(line) as { issuer: string }).issuer };
}

async function idTokenFor(nonce: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { email: 'ada@example.test', plan: 'pro', nonce: mode === 'wrong-nonce' ? 'another-sign-in' : nonce };
  const exp = mode === 'expired' ? now - 600 : now + 600;
  const jwt = new SignJWT(claims)
    .setIssuer(fakeIssuer)
    .setAudience(CLIENT_ID)
    .setSubject('ada')
    .setIssuedAt(now - 60)
    .setExpirationTime(exp);
  if (mode === 'hs256') return jwt.setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(CLIENT_SECRET));
  // A forger's key under the provider's key id: the signature must fail, not the key lookup.
  return jwt.setProtectedHeader({ alg: 'RS256', kid: providerJwk.kid }).sign(mode === 'wrong-key' ? attackerKey : providerKey);
}

async function startFakeProvider(): Promise<void> {
  ({ privateKey: providerKey } = await generateKeyPair('RS256'));
  ({ privateKey: attackerKey } = await generateKeyPair('RS256'));
  providerJwk = { ...(await exportJWK(providerKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
  const publicJwk = { kty: providerJwk.kty, n: providerJwk.n, e: providerJwk.e, kid: providerJwk.kid, alg: 'RS256', use: 'sig' };
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', fakeIssuer);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: fakeIssuer,
        authorization_endpoint: `${fakeIssuer}/authorize`,
        token_endpoint: `${fakeIssuer}/token`,
        jwks_uri: `${fakeIssuer}/jwks`,
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
    if (url.pathname === '/authorize') {
      lastNonce = url.searchParams.get('nonce') ?? '';
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'code-1');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const basic = Buffer.from(`${CLIENT_ID}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) return res.writeHead(401).end();
      void idTokenFor(lastNonce).then((idToken) => json({ access_token: 'at', token_type: 'Bearer', id_token: idToken }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeIssuer = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}

/** A GET without following redirects, with the cookies given; the answer's Set-Cookie pairs. */
async function visit(url: string, cookies: Record<string, string> = {}) {
  const cookie = Object.entries(cookies)
    .map(([n, v]) => `${n}=${v}`)
    .join('; ');
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(20_000) });
  const set: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    set[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  return { status: res.status, location: res.headers.get('location'), set, text: await res.text() };
}

/** The payload of a visitor token (a JWT) as the reader set it in its cookie. */
function claimsOf(cookieValue: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(decodeURIComponent(cookieValue).split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A reader of the fake provider's site up to its callback: the state cookie and the callback URL the provider sends back. */
async function toCallback(): Promise<{ state: string; callback: string }> {
  const start = await visit(fakeSite.url);
  expect(start.status).toBe(302);
  expect(start.location).toMatch(new RegExp(`^${fakeIssuer}/authorize\\?`));
  const asked = new URL(start.location!).searchParams;
  expect(asked.get('code_challenge_method')).toBe('S256');
  expect(asked.get('redirect_uri')).toBe(`${fakeSite.url}${CALLBACK}`);
  const back = await visit(start.location!);
  return { state: start.set.quire_oidc_state!, callback: back.location! };
}

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    const own = await buildOrganization(stack, 'Reader OIDC org');
    orgId = own.id;
    api = ledger.client(own.admin.token);
    admin = apiClient(stack, own.admin.token);
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Handbook' });
    await mergeChanges(api, space.id, [
      { operation: 'insert_page', title: 'Overview', document: { markdown: 'Welcome, reader.' } },
      { operation: 'insert_page', title: 'Setup', document: { markdown: 'Set it up.' } },
    ] as never);
    spaceId = space.id;
    [realSite, fakeSite] = await Promise.all([publishedSite('Staff handbook'), publishedSite('Partner handbook')]);
    ({ child: provider, issuer } = await startProvider(`${realSite.url}${CALLBACK}`));
    await startFakeProvider();
    const put = await admin.put(oidcPath(realSite.id), { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, scopes: ['email', 'profile'] });
    expect(put.status).toBe(200);
    expect(
      (await admin.put(oidcPath(fakeSite.id), { issuer: fakeIssuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, claims: ['email', 'plan'] })).status,
    ).toBe(200);
  },
  5 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
  provider?.kill();
  await new Promise<void>((resolve) => (fake ? fake.close(() => resolve()) : resolve()));
  expect(ledger.problems()).toEqual([]);
});

it('keeps the configuration for admins only, never answers the secret, and seals it at rest', async () => {
  const got = await admin.get(oidcPath(realSite.id));
  expect(got.status).toBe(200);
  expect(got.body).toEqual({
    object: 'publishing-auth-oidc',
    issuer,
    clientId: CLIENT_ID,
    scopes: ['openid', 'email', 'profile'],
    claims: [],
    endpoints: { authorization: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//), token: expect.any(String), jwks: expect.any(String) },
    redirectURI: `${realSite.url}${CALLBACK}`,
    updatedAt: expect.any(String),
  });
  expect(got.text).not.toContain(CLIENT_SECRET);
  expect(await databaseMentions(stack, 'sites', CLIENT_SECRET)).toEqual([]);

  const editor = await buildMember(stack, orgId, 'edit');
  expectError(await apiClient(stack, editor.token).get(oidcPath(realSite.id)), 403);
  expectError(await admin.put(oidcPath(realSite.id), { issuer, clientSecret: 'x' }), 400, /clientId/);
  // Discovery goes through the outbound door: a refused or silent issuer is a 400 naming it.
  expectError(await admin.put(oidcPath(realSite.id), { issuer: 'http://127.0.0.2:9/', clientId: 'c', clientSecret: 's' }), 400, /issuer/);

  const spare = await publishedSite('Spare handbook');
  expectError(await admin.get(oidcPath(spare.id)), 404);
  expect((await admin.put(oidcPath(spare.id), { issuer: fakeIssuer, clientId: 'c', clientSecret: 's' })).status).toBe(200);
  expect((await admin.delete(oidcPath(spare.id))).status).toBe(204);
  expectError(await admin.get(oidcPath(spare.id)), 404);
});

it('walks a reader through the provider in chromium and back to the page asked, then signs them out', async () => {
  const page = await browser.newPage();
  await page.goto(`${realSite.url}setup`);
  // oidc-provider's development login (any login and password), then its consent page.
  expect(page.url().startsWith(issuer)).toBe(true);
  await page.locator('input[name=login]').fill('ada');
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.href.startsWith(issuer) && url.pathname.includes('interaction'));
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`${realSite.url}setup`);
  expect(await page.title()).toBe('Setup | Staff handbook');
  await page.screenshot({ path: join(OUT, 'reader-oidc.png') });
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'quire_visitor_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(cookies.find((c) => c.name === 'quire_oidc_state')).toBeUndefined();
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await page.waitForLoadState();
  expect(await page.title()).toBe('Overview | Staff handbook');

  // The visitor token holds the ID token's claims (the site keeps all but the protocol's): adaptive content reads them.
  const token = cookies.find((c) => c.name === 'quire_visitor_token')!.value;
  expect(claimsOf(token)).toMatchObject({ sub: 'ada', email: 'ada@example.test', email_verified: true, name: 'Reader ada' });
  expect(claimsOf(token)).not.toHaveProperty('nonce');

  // Sign-out ends the session: the cookie is cleared and the reader sent to the site's root.
  expect((await visit(`${realSite.url}setup`, { quire_visitor_token: token })).status).toBe(200);
  const out = await visit(`${realSite.url}~gitbook/auth/logout`, { quire_visitor_token: token });
  expect(out.status).toBe(302);
  expect(out.set.quire_visitor_token).toBe('');
  expect(new URL(out.location!, realSite.url).href).toBe(realSite.url);
  await page.close();
});

it('refuses a forged state, a callback without its sign-in, and each bad ID token with a page, never a redirect', async () => {
  mode = 'good';
  const forged = await toCallback();
  const forgedUrl = new URL(forged.callback);
  forgedUrl.searchParams.set('state', 'forged');
  const refused = await visit(forgedUrl.href, { quire_oidc_state: forged.state });
  expect({ status: refused.status, location: refused.location }).toEqual({ status: 400, location: null });
  expect(refused.text).toContain('Sign-in failed');
  expect(refused.text).toContain('(state)');
  expect(refused.set.quire_oidc_state).toBe('');

  const orphan = await visit(forged.callback);
  expect(orphan.status).toBe(400);
  expect(orphan.text).toContain('expired or was started in another browser');

  const reasons = {
    'wrong-nonce': 'another sign-in (nonce)',
    expired: 'has expired',
    'wrong-key': 'not signed by the provider',
    hs256: 'algorithm not accepted',
  } as const;
  for (const [bad, reason] of Object.entries(reasons)) {
    mode = bad as typeof mode;
    const { state, callback } = await toCallback();
    const answer = await visit(callback, { quire_oidc_state: state });
    expect({ mode, status: answer.status, location: answer.location }).toEqual({ mode, status: 400, location: null });
    expect(answer.text).toContain(reason);
    expect(answer.set.quire_visitor_token).toBeUndefined();
  }

  // The same provider signing properly lets the reader in, with the claims the site keeps.
  mode = 'good';
  const { state, callback } = await toCallback();
  const good = await visit(callback, { quire_oidc_state: state });
  expect({ status: good.status, location: good.location }).toEqual({ status: 302, location: new URL(fakeSite.url).pathname });
  expect(claimsOf(good.set.quire_visitor_token!)).toEqual({
    sub: 'ada',
    email: 'ada@example.test',
    plan: 'pro',
    iat: expect.any(Number),
    exp: expect.any(Number),
  });
  const page = await visit(fakeSite.url, { quire_visitor_token: good.set.quire_visitor_token! });
  expect(page.status).toBe(200);
  expect(page.text).toContain('Welcome, reader.');
});
