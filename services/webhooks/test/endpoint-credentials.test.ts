import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb } from '../../../test/support/service-db';
import { openEndpoint, sealEndpoint, splitCredentials } from '../src/modules/webhooks/domain/endpoint-credentials';
import { sealStoredCredentials } from '../src/modules/webhooks/application/seal-stored-credentials';
import { findWebhook, insertWebhook } from '../src/modules/webhooks/store/webhooks.store';

// A webhook URL's `user:password@` is sealed apart from the URL.

const SECRET = 'internal-secret-for-tests';

it('splits the credentials from the URL and puts them back for a delivery', () => {
  expect(splitCredentials('https://hooks.example.com/x?a=1')).toEqual({ url: 'https://hooks.example.com/x?a=1', userinfo: null });
  expect(splitCredentials('https://ci:p%40ss@hooks.example.com/x')).toEqual({ url: 'https://hooks.example.com/x', userinfo: 'ci:p%40ss' });
  const sealed = sealEndpoint(SECRET, 'https://ci:p%40ss:w0rd@hooks.example.com:8443/x');
  expect(sealed.url).toBe('https://hooks.example.com:8443/x');
  expect(sealed.credentialsSealed).not.toContain('p%40ss');
  expect(openEndpoint(SECRET, sealed.url, sealed.credentialsSealed)).toBe('https://ci:p%40ss%3Aw0rd@hooks.example.com:8443/x');
  expect(openEndpoint(SECRET, 'https://hooks.example.com/x', null)).toBe('https://hooks.example.com/x');
  expect(() => openEndpoint('another-secret', sealed.url, sealed.credentialsSealed)).toThrow();
  // A user name alone.
  const userOnly = sealEndpoint(SECRET, 'https://token@hooks.example.com/');
  expect(new URL(openEndpoint(SECRET, userOnly.url, userOnly.credentialsSealed)).username).toBe('token');
});

describe('rows stored before migration 002', () => {
  let db: PgliteDatabase;
  beforeAll(async () => {
    db = await openServiceDb('webhooks', join(__dirname, '..', 'migrations'));
  });
  afterAll(() => db.close());

  it('have their credentials sealed at start, once', async () => {
    const base = { events: ['*'], spaceIds: null, siteIds: null, description: null, active: true, secretSealed: 'sealed', createdBy: 'u1' };
    const now = new Date();
    await insertWebhook(db, { ...base, id: 'old', organizationId: 'org1', url: 'https://bot:hunter22@hooks.example.com/in' }, now);
    await insertWebhook(db, { ...base, id: 'empty', organizationId: 'org1', url: 'https://@hooks.example.com/e' }, now);
    await insertWebhook(db, { ...base, id: 'plain', organizationId: 'org1', url: 'https://hooks.example.com/at@path' }, now);
    expect(await sealStoredCredentials({ db, serviceSecret: SECRET })).toBe(2);
    const old = (await findWebhook(db, 'org1', 'old'))!;
    expect(old.url).toBe('https://hooks.example.com/in');
    expect(openEndpoint(SECRET, old.url, old.credentialsSealed)).toBe('https://bot:hunter22@hooks.example.com/in');
    expect((await findWebhook(db, 'org1', 'empty'))!).toMatchObject({ url: 'https://hooks.example.com/e', credentialsSealed: null });
    expect((await findWebhook(db, 'org1', 'plain'))!).toMatchObject({ url: 'https://hooks.example.com/at@path', credentialsSealed: null });
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhooks w WHERE position('hunter22' in w::text) > 0");
    expect(rows[0]!.n).toBe(0);
    expect(await sealStoredCredentials({ db, serviceSecret: SECRET })).toBe(0);
  });
});
