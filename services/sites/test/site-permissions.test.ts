import type { Role } from '@quire/access';
import type { Membership, MembershipResolver } from '@quire/platform/membership';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { deleteSite } from '../src/modules/sites/application/delete-site';
import { listSites } from '../src/modules/sites/application/list-sites';
import { writeSiteGrant } from '../src/modules/sites/application/write-site-grant';
import { filterAndSortAccess, originOf, type PersonSiteAccess } from '../src/modules/sites/domain/site-permissions';
import type { SiteGrant } from '../src/modules/sites/model/site-permission';
import { authorizeSiteAs } from '../src/modules/sites/policies/site.policy';
import { updateSiteRow } from '../src/modules/sites/store/sites.store';
import { openSitesDb, seedSite } from './sites-db';

// Sites' side of the content rule: the caller's level on a site from their organization role, the
// site's default level and the grants to them and their teams; the site list a guest and a member
// get; and each grant change announced once as permission.updated.

const NOW = new Date('2026-01-01T00:00:00Z');
const ORG = 'org1';

function resolver(memberships: Record<string, Partial<Membership>>): MembershipResolver {
  const membership = async (_org: string, userId: string): Promise<Membership> => ({
    organizationExists: true,
    role: null,
    guest: false,
    teamIds: [],
    ...memberships[userId],
  });
  return { membership } as unknown as MembershipResolver;
}

const PEOPLE = resolver({
  admin: { role: 'admin' },
  reader: { role: 'read' },
  teamReader: { role: 'read', teamIds: ['team1'] },
  creator: { role: 'create' },
  guest: { guest: true },
});

describe('site policy on grants and default levels', () => {
  let db: PgliteDatabase;
  let open: string;
  let closed: string;
  const deps = () => ({ db, membership: PEOPLE });
  const grant = (siteId: string, kind: 'user' | 'team', id: string, role: Role | null) =>
    db.transaction((tx) => writeSiteGrant(tx, { id: siteId, organizationId: ORG }, { kind, id }, role, NOW));
  const levelOf = async (userId: string, siteId: string) =>
    authorizeSiteAs(deps(), ORG, siteId, userId, 'read').then(
      ({ role }) => role,
      (err: { status?: number; code?: number }) => err.status ?? err.code,
    );

  beforeAll(async () => {
    db = await openSitesDb();
    open = await seedSite(db, ORG, []);
    closed = await seedSite(db, ORG, []);
    await updateSiteRow(db, ORG, closed, { defaultLevel: null }, NOW);
    await grant(open, 'user', 'reader', 'admin');
    await grant(open, 'team', 'team1', 'create');
    await grant(closed, 'user', 'guest', 'comment');
  });
  afterAll(() => db.close());

  it('gives members their role, raised by their grants and their teams', async () => {
    expect(await levelOf('reader', open)).toBe('admin');
    expect(await levelOf('teamReader', open)).toBe('create');
    expect(await levelOf('creator', open)).toBe('create');
    expect(await levelOf('admin', open)).toBe('admin');
  });

  it('hides a site whose default level is null from members without a grant, not from admins', async () => {
    expect(await levelOf('reader', closed)).toBe(404);
    expect(await levelOf('creator', closed)).toBe(404);
    expect(await levelOf('admin', closed)).toBe('admin');
  });

  it('gives guests their grants only, and nobody else anything', async () => {
    expect(await levelOf('guest', closed)).toBe('comment');
    expect(await levelOf('guest', open)).toBe(404);
    expect(await levelOf('stranger', open)).toBe(404);
    await expect(authorizeSiteAs(deps(), ORG, closed, 'guest', 'manage')).rejects.toMatchObject({ message: expect.stringMatching(/create/) });
  });

  it('lists the sites each one sees, with their level on each', async () => {
    const page = { offset: 0, limit: 100 };
    const seen = async (userId: string) => (await listSites(deps(), userId, ORG, {}, page)).rows.map(({ site, role }) => [site.id, role]);
    // Both seeded at the same instant: the list orders them by id.
    expect(await seen('admin')).toEqual(
      [
        [open, 'admin'],
        [closed, 'admin'],
      ].sort(),
    );
    expect(await seen('reader')).toEqual([[open, 'admin']]);
    expect(await seen('guest')).toEqual([[closed, 'comment']]);
    await expect(listSites(deps(), 'stranger', ORG, {}, page)).rejects.toMatchObject({ message: expect.stringMatching(/not found/) });
  });

  it('announces each change of a grant once, on the sites topic, with the shared shape', async () => {
    const events = async () =>
      (await db.query<{ topic: string; key: string; payload: string }>('SELECT topic, key, payload FROM outbox ORDER BY seq')).rows.map((row) => ({
        ...row,
        payload: JSON.parse(row.payload) as { type: string; data: unknown },
      }));
    const before = (await events()).length;
    expect(await grant(open, 'user', 'someone', 'edit')).toBe(true);
    expect(await grant(open, 'user', 'someone', 'edit')).toBe(false);
    expect(await grant(open, 'user', 'someone', null)).toBe(true);
    expect(await grant(open, 'user', 'someone', null)).toBe(false);
    const added = (await events()).slice(before);
    expect(added.map((event) => [event.topic, event.key, event.payload.type])).toEqual([
      ['sites.events', open, 'permission.updated'],
      ['sites.events', open, 'permission.updated'],
    ]);
    expect(added.map((event) => event.payload.data)).toEqual([
      { organizationId: ORG, siteId: open, resource: { kind: 'site', id: open }, principal: { kind: 'user', id: 'someone' }, role: 'edit' },
      { organizationId: ORG, siteId: open, resource: { kind: 'site', id: open }, principal: { kind: 'user', id: 'someone' }, role: null },
    ]);
  });

  it("announces a deleted site's grants as removed", async () => {
    const doomed = await seedSite(db, ORG, []);
    await grant(doomed, 'user', 'guest', 'read');
    await grant(doomed, 'team', 'team1', 'edit');
    const { rows: before } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    const cache = { set: async () => undefined };
    const deps = { db, membership: PEOPLE, cache, logger: undefined } as unknown as Parameters<typeof deleteSite>[0];
    expect(await deleteSite(deps, 'admin', { organizationId: ORG, siteId: doomed }, NOW)).toBe(true);
    const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox ORDER BY seq OFFSET $1', [before[0]!.n]);
    const announced = rows.map((row) => JSON.parse(row.payload) as { type: string; data: { principal?: unknown; role?: unknown } });
    expect(announced.filter((event) => event.type === 'permission.updated').map((event) => [event.data.principal, event.data.role])).toEqual([
      [{ kind: 'user', id: 'guest' }, null],
      [{ kind: 'team', id: 'team1' }, null],
    ]);
    expect(announced.map((event) => event.type)).toContain('site.deleted');
  });
});

describe('site permissions aggregate', () => {
  const site = { id: 's1', organizationId: 'o1' };
  const grantTo = (kind: 'user' | 'team', id: string, role: Role): SiteGrant => ({
    siteId: 's1',
    organizationId: 'o1',
    principal: { kind, id },
    role,
    createdAt: NOW,
    updatedAt: NOW,
  });

  it('names where a level comes from: the organization, the default, the person or a team', () => {
    expect(originOf(site, 'create', 'organization', [], [])).toEqual({ type: 'organization', organization: 'o1' });
    expect(originOf(site, 'read', 'default', [], [])).toEqual({ type: 'site', site: 's1', reason: 'default' });
    expect(originOf(site, 'edit', 'grant', [grantTo('user', 'u', 'edit')], [grantTo('team', 't', 'edit')])).toEqual({
      type: 'site',
      site: 's1',
      reason: 'member',
    });
    expect(originOf(site, 'admin', 'grant', [grantTo('user', 'u', 'read')], [grantTo('team', 't', 'admin')])).toEqual({
      type: 'site',
      site: 's1',
      reason: 'team',
      team: 't',
    });
  });

  it('filters by role, guests, team and search, and sorts by join date or name', () => {
    const person = (userId: string, orgRole: Role | null, level: Role, day: number, teamIds: string[] = []): PersonSiteAccess => ({
      userId,
      orgRole,
      teamIds,
      level,
      origin: { type: 'site', site: 's1', reason: 'member' },
      since: new Date(Date.UTC(2026, 0, day)),
    });
    const people = [person('a', 'read', 'admin', 1), person('b', null, 'read', 2, ['t']), person('c', 'edit', 'edit', 3)];
    const names = new Map([
      ['a', { displayName: 'Zed', email: 'zed@example.com' }],
      ['b', { displayName: 'Amy' }],
      ['c', { displayName: 'Mo', email: 'mo@example.com' }],
    ]);
    const ids = (filter: Partial<Parameters<typeof filterAndSortAccess>[2]>) =>
      filterAndSortAccess(people, names, { sort: 'joinedAt', order: 'desc', ...filter }).map((p) => p.userId);
    expect(ids({})).toEqual(['c', 'b', 'a']);
    expect(ids({ order: 'asc' })).toEqual(['a', 'b', 'c']);
    expect(ids({ sort: 'name', order: 'asc' })).toEqual(['b', 'c', 'a']);
    expect(ids({ role: 'guest' })).toEqual(['b']);
    expect(ids({ role: 'admin' })).toEqual(['a']);
    expect(ids({ team: 't' })).toEqual(['b']);
    expect(ids({ search: 'MO@' })).toEqual(['c']);
  });
});
