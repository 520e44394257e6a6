import { SignJWT } from 'jose';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { verifyVisitorToken } from '@quire/publishing';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { databaseMentions, filesContaining } from '../support/secrets-at-rest';
import { currentStack } from '../support/stack';

// Visitor authentication of a site (getSitePublishingAuthById,
// updateSitePublishingAuthById, regenerateSitePublishingAuthById) through today's client (0.202.0),
// every answer validated against its schemas: the key is made on first read, sealed at rest, never
// logged, answered to admins only; regenerating it refuses tokens signed with the old one.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let orgId: string;
let admin: GitBookAPI;
let raw: ApiClient;
let creator: ApiClient;
let reader: ApiClient;
let stranger: ApiClient;
let siteId: string;

const AUTH = () => `/v1/orgs/${orgId}/sites/${siteId}/publishing/auth`;

const sign = (key: string) => new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(key));

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Visitor auth org');
  orgId = own.id;
  admin = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  creator = apiClient(stack, (await buildMember(stack, orgId, 'create')).token);
  reader = apiClient(stack, (await buildMember(stack, orgId, 'read')).token);
  stranger = apiClient(stack, (await buildUser(stack, 'va-stranger')).token);
  siteId = (await admin.orgs.createSite(orgId, { title: 'Members only', visibility: SiteVisibility.VisitorAuth })).data.id;
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('site publishing auth', () => {
  it('answers a key on first read, the same on the next, and regenerates a new one that refuses older tokens', async () => {
    const first = (await admin.orgs.getSitePublishingAuthById(orgId, siteId)).data;
    expect(first).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    expect(first.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect((await admin.orgs.getSitePublishingAuthById(orgId, siteId)).data.privateKey).toBe(first.privateKey);
    const token = await sign(first.privateKey);
    expect((await verifyVisitorToken(token, first.privateKey)).ok).toBe(true);

    const renewed = (await admin.orgs.regenerateSitePublishingAuthById(orgId, siteId)).data;
    expect(renewed.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(renewed.privateKey).not.toBe(first.privateKey);
    expect((await admin.orgs.getSitePublishingAuthById(orgId, siteId)).data.privateKey).toBe(renewed.privateKey);
    expect(await verifyVisitorToken(token, renewed.privateKey)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('sets, keeps and unsets fallbackURL and logoutURL', async () => {
    const set = (
      await admin.orgs.updateSitePublishingAuthById(orgId, siteId, {
        backend: 'custom',
        fallbackURL: 'https://login.example.com/sso',
        logoutURL: 'https://login.example.com/out',
      })
    ).data;
    expect(set).toMatchObject({ fallbackURL: 'https://login.example.com/sso', logoutURL: 'https://login.example.com/out' });
    const kept = (await admin.orgs.updateSitePublishingAuthById(orgId, siteId, { backend: 'custom', logoutURL: null })).data;
    expect(kept.fallbackURL).toBe('https://login.example.com/sso');
    expect(kept).not.toHaveProperty('logoutURL');
    expect(kept.privateKey).toBe(set.privateKey);
  });

  it('answers admins only: 403 for creators and readers, 404 for a stranger', async () => {
    for (const member of [creator, reader]) {
      expectError(await member.get(AUTH()), 403, /admin/);
      expectError(await member.post(`${AUTH()}/regenerate`), 403, /admin/);
      expectError(await member.patch(AUTH(), { backend: 'custom' }), 403, /admin/);
    }
    expectError(await stranger.get(AUTH()), 404);
    expectError(await stranger.post(`${AUTH()}/regenerate`), 404);
  });

  it('refuses hostile input with 400 naming the field', async () => {
    const path = AUTH();
    expectError(await raw.patch(path, { backend: 'custom', fallbackURL: 'javascript:alert(1)' }), 400, /fallbackURL/);
    expectError(await raw.patch(path, { backend: 'custom', logoutURL: 'not a url' }), 400, /logoutURL/);
    expectError(await raw.patch(path, { backend: 'custom', fallbackURL: `https://a.example/${'x'.repeat(3000)}` }), 400, /fallbackURL/);
    expectError(await raw.patch(path, { backend: 'custom', fallbackURL: 'https://a.example/\u0000' }), 400, /fallbackURL/);
    expectError(await raw.patch(path, { backend: 'custom', logoutURL: '\u{1F600}\u{1F600}' }), 400, /logoutURL/);
    expectError(await raw.patch(path, { backend: 'integration' }), 400, /backend/);
    expectError(await raw.patch(path, {}), 400, /backend/);
    expectError(await raw.patch(path, { backend: 'custom', privateKey: 'mine' }), 400, /privateKey/);
  });

  it('never writes the key in clear: not in logs, not in the database', async () => {
    const { privateKey } = (await admin.orgs.regenerateSitePublishingAuthById(orgId, siteId)).data;
    await admin.orgs.getSitePublishingAuthById(orgId, siteId);
    expect(filesContaining(stack.logDir, privateKey)).toEqual([]);
    expect(await databaseMentions(stack, 'sites', privateKey)).toEqual([]);
  });
});
