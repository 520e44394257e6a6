import { SignJWT } from 'jose';
import { ApiError } from '@quire/errors';
import { MemoryCache } from '@quire/platform/cache';
import { createLogger } from '@quire/platform/logger';
import type { MembershipResolver } from '@quire/platform/membership';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { siteAccessGenerationKey, verifyVisitorToken } from '@quire/publishing';
import { getPublishingAuth } from '../src/modules/publishing-auth/application/get-publishing-auth';
import { regeneratePublishingAuth } from '../src/modules/publishing-auth/application/regenerate-publishing-auth';
import { updatePublishingAuth } from '../src/modules/publishing-auth/application/update-publishing-auth';
import { verifySiteVisitorToken } from '../src/modules/publishing-auth/application/verify-site-visitor-token';
import { openSitesDb, seedSite } from './sites-db';

// Visitor authentication against embedded Postgres: the key is generated on first read, sealed
// at rest, answered only to admins, and regenerating it refuses tokens signed with the old one.

const ORG = 'org-pa';
const SECRET = 'unit-test-internal-secret-0123456789abcdef';
const NOW = new Date('2026-06-01T12:00:00Z');

const membershipAs = (role: string | null) =>
  ({ membership: async () => ({ organizationExists: true, role, guest: false, teamIds: [] }) }) as unknown as MembershipResolver;

function sign(key: string, claims: Record<string, unknown> = { plan: 'pro' }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 3600)
    .sign(new TextEncoder().encode(key));
}

describe('site publishing auth', () => {
  let db: PgliteDatabase;
  let siteId: string;
  const cache = new MemoryCache();
  const deps = (role: string | null = 'admin') => ({
    db,
    membership: membershipAs(role),
    clock: () => NOW,
    serviceSecret: SECRET,
    cache,
    logger: createLogger('test', 'silent'),
  });
  const ref = () => ({ organizationId: ORG, siteId });

  beforeAll(async () => {
    db = await openSitesDb();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    siteId = await seedSite(db, ORG, []);
  });

  it('generates the key on first read, keeps it, and stores it sealed', async () => {
    const first = await getPublishingAuth(deps(), 'u1', ref());
    expect(first.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect((await getPublishingAuth(deps(), 'u1', ref())).privateKey).toBe(first.privateKey);
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM site_publishing_auth WHERE site_id = $1', [siteId]);
    expect(JSON.stringify(rows)).not.toContain(first.privateKey);
    const events = await db.query<{ payload: string }>("SELECT payload FROM outbox WHERE key = $1 AND payload LIKE '%site-publishing-auth.updated%'", [siteId]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]?.payload).not.toContain(first.privateKey);
  });

  it('refuses a token signed with the old key once the key is regenerated', async () => {
    const old = (await getPublishingAuth(deps(), 'u1', ref())).privateKey;
    const token = await sign(old);
    expect((await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, token)).ok).toBe(true);
    const renewed = (await regeneratePublishingAuth(deps(), 'u1', ref())).privateKey;
    expect(renewed).not.toBe(old);
    expect(await verifyVisitorToken(token, renewed, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, token)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect((await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, await sign(renewed))).ok).toBe(true);
  });

  it("renews the site's access generation and names the new key by another fingerprint once the key is regenerated", async () => {
    const old = (await getPublishingAuth(deps(), 'u1', ref())).privateKey;
    const before = await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, await sign(old));
    const generation = await cache.get(siteAccessGenerationKey(siteId));
    const renewed = (await regeneratePublishingAuth(deps(), 'u1', ref())).privateKey;
    expect(await cache.get(siteAccessGenerationKey(siteId))).not.toBe(generation);
    expect(await cache.get(siteAccessGenerationKey(siteId))).toEqual(expect.any(String));
    const after = await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, await sign(renewed));
    expect(before.keyFingerprint).toEqual(expect.any(String));
    expect(after.keyFingerprint).not.toBe(before.keyFingerprint);
  });

  it('refuses every token of a site that never had a key, and an alg:none token', async () => {
    const check = await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, await sign('whatever'));
    expect(check).toMatchObject({ ok: false, fallbackUrl: null });
    const key = (await getPublishingAuth(deps(), 'u1', ref())).privateKey;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"exp":9999999999}').toString('base64url')}.`;
    expect((await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, none)).ok).toBe(false);
    expect(key).toHaveLength(64);
  });

  it('sets and unsets the URLs (left out: unchanged) and returns the fallback URL with a refusal', async () => {
    const set = await updatePublishingAuth(deps(), 'u1', ref(), {
      backend: 'custom',
      fallbackUrl: 'https://login.example.com/',
      logoutUrl: 'https://x.example.com/out',
    });
    expect(set).toMatchObject({ fallbackUrl: 'https://login.example.com/', logoutUrl: 'https://x.example.com/out' });
    const kept = await updatePublishingAuth(deps(), 'u1', ref(), { backend: 'custom', logoutUrl: null });
    expect(kept).toMatchObject({ fallbackUrl: 'https://login.example.com/', logoutUrl: null, privateKey: set.privateKey });
    expect(await verifySiteVisitorToken({ db, serviceSecret: SECRET, clock: () => NOW }, siteId, 'garbage')).toMatchObject({
      ok: false,
      fallbackUrl: 'https://login.example.com/',
    });
  });

  it('answers only admins: 403 for other members, 404 for non-members', async () => {
    for (const role of ['create', 'read']) {
      await expect(getPublishingAuth(deps(role), 'u2', ref())).rejects.toMatchObject({ code: 403 });
      await expect(regeneratePublishingAuth(deps(role), 'u2', ref())).rejects.toBeInstanceOf(ApiError);
    }
    await expect(getPublishingAuth(deps(null), 'u3', ref())).rejects.toMatchObject({ code: 404 });
    const { rows } = await db.query('SELECT 1 FROM site_publishing_auth WHERE site_id = $1', [siteId]);
    expect(rows).toHaveLength(0);
  });
});
