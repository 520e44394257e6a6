import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { createOrganizationForCaller } from '../src/modules/accounts/application/create-organization-for-caller';
import { issueToken } from '../src/modules/accounts/application/issue-token';
import { joinOrganization } from '../src/modules/accounts/application/join-organization';
import { updateUser } from '../src/modules/accounts/application/update-user';
import { authorizeOrganizationCreation } from '../src/modules/accounts/policies/organization-creation.policy';
import { findMembership } from '../src/modules/accounts/store/members.store';
import { ANYONE_CREATES_ORGANIZATIONS, organizationCreationFromEnv } from '../src/settings';
import { openServiceDb } from '../../../test/support/service-db';

const now = new Date('2026-01-02T03:04:05Z');

describe('the organization creation setting', () => {
  it('defaults to anyone and reads the instance admins as lower-case addresses', () => {
    expect(organizationCreationFromEnv({})).toEqual(ANYONE_CREATES_ORGANIZATIONS);
    expect(organizationCreationFromEnv({ QUIRE_ORG_CREATION: 'instance-admins', QUIRE_INSTANCE_ADMINS: ' Ops@Example.com, root@example.org ,' })).toEqual({
      who: 'instance-admins',
      instanceAdmins: ['ops@example.com', 'root@example.org'],
    });
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => organizationCreationFromEnv({ QUIRE_ORG_CREATION: 'admins' })).toThrow(/QUIRE_ORG_CREATION/);
    expect(() => organizationCreationFromEnv({ QUIRE_INSTANCE_ADMINS: 'not-an-address' })).toThrow(/QUIRE_INSTANCE_ADMINS/);
  });

  it('lets anyone create under `anyone`, only the listed addresses (any case) under `instance-admins`', () => {
    const admins = { who: 'instance-admins' as const, instanceAdmins: ['ops@example.com'] };
    expect(() => authorizeOrganizationCreation(ANYONE_CREATES_ORGANIZATIONS, { email: 'a@b.c' })).not.toThrow();
    expect(() => authorizeOrganizationCreation(admins, { email: 'OPS@example.com' })).not.toThrow();
    expect(() => authorizeOrganizationCreation(admins, { email: 'dev@example.com' })).toThrow(expect.objectContaining({ code: 403 }));
  });
});

describe('organizations through the API (PGlite)', () => {
  let db: PgliteDatabase;
  let seq = 0;
  beforeAll(async () => {
    db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
  });
  afterAll(async () => {
    await db.close();
  });
  const deps = () => ({ db, clock: () => now });
  const userWith = async (email: string) => ({ userId: (await issueToken(deps(), { email })).userId });
  const events = async (key: string) =>
    (await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE key = $1 ORDER BY seq', [key])).rows.map(
      (r) => JSON.parse(r.payload) as { type: string; data: unknown },
    );

  it('creates the organization with the caller as admin and announces the default site request', async () => {
    const caller = await userWith(`creator-${++seq}@example.com`);
    const org = await createOrganizationForCaller(
      deps(),
      caller,
      { title: 'Acme', emailDomains: ['acme.test'], withDefaultSite: true },
      ANYONE_CREATES_ORGANIZATIONS,
    );
    expect(org).toMatchObject({ title: 'Acme', emailDomains: ['acme.test'], callerRole: 'admin' });
    expect((await events(org.id)).map(({ type, data }) => [type, data])).toEqual([
      ['organization.created', { organizationId: org.id, title: 'Acme', createdBy: caller.userId, withDefaultSite: true }],
      ['member.added', { organizationId: org.id, userId: caller.userId, role: 'admin' }],
    ]);
    const refused = createOrganizationForCaller(
      deps(),
      caller,
      { title: 'No', emailDomains: [], withDefaultSite: false },
      { who: 'instance-admins', instanceAdmins: [] },
    );
    await expect(refused).rejects.toMatchObject({ code: 403 });
  });

  it('joins by a claimed e-mail domain with the default role (read without one), and refuses another domain with a 400', async () => {
    const owner = await userWith(`owner-${++seq}@example.com`);
    const org = await createOrganizationForCaller(
      deps(),
      owner,
      { title: 'Claims', emailDomains: ['claimed.test'], withDefaultSite: false },
      ANYONE_CREATES_ORGANIZATIONS,
    );
    const colleague = await userWith(`Someone-${++seq}@Claimed.test`);
    await joinOrganization(deps(), colleague, { organizationId: org.id });
    await joinOrganization(deps(), colleague, { organizationId: org.id });
    expect(await findMembership(db, org.id, colleague.userId)).toMatchObject({ role: 'read' });
    const stranger = await userWith(`stranger-${++seq}@elsewhere.test`);
    await expect(joinOrganization(deps(), stranger, { organizationId: org.id })).rejects.toMatchObject({
      code: 400,
      message: expect.stringMatching(/elsewhere\.test/),
    });
    await expect(joinOrganization(deps(), stranger, { organizationId: 'missing' })).rejects.toMatchObject({ code: 404 });
    expect((await events(org.id)).filter((e) => e.type === 'member.added')).toHaveLength(2);
  });

  it("changes only the caller's own profile", async () => {
    const me = await userWith(`me-${++seq}@example.com`);
    const other = await userWith(`other-${++seq}@example.com`);
    expect(await updateUser(deps(), me, { userId: me.userId, changes: { displayName: 'Ada' } })).toMatchObject({ displayName: 'Ada', photoUrl: null });
    expect(await updateUser(deps(), me, { userId: me.userId, changes: { photoUrl: 'https://example.com/a.png' } })).toMatchObject({ displayName: 'Ada' });
    await expect(updateUser(deps(), me, { userId: other.userId, changes: { displayName: 'Eve' } })).rejects.toMatchObject({ code: 404 });
  });
});
