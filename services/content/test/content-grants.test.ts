import type { Role } from '@quire/access';
import type { IdentityClient } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { createCollectionAtEnd } from '../src/modules/collections/application/create-collection';
import { inviteToContent, removeContentGrant, setContentGrant } from '../src/modules/content-permissions/application/change-content-grants';
import { listContentAccess } from '../src/modules/content-permissions/application/list-content-access';
import { changeGrants } from '../src/modules/content-tree/application/content-grants';
import { authorizeContentReader, loadContentAccess } from '../src/modules/content-tree/policies/content.policy';
import type { ContentHttpDeps } from '../src/modules/shared';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { listSpaces } from '../src/modules/spaces/application/list-spaces';
import { moveSpaceToOrganization } from '../src/modules/spaces/application/transfer-space';
import { listGrants } from '../src/modules/content-tree/application/content-grants';
import { expectApiError } from '../../../test/support/service-db';
import { openContentDb, outboxTypes } from './content-db';

// Content's permission check against a real database: the grants store, the chain loaded in two
// queries, lists filtered in the query, and the grant commands with their permission.updated events.
// Identity is a fake answering memberships (with teams and guests), users and teams.

const now = new Date('2026-11-29T00:00:00Z');
const ORG = 'org-perm';

interface Member {
  role: Role | '';
  teamIds?: string[];
  guest?: boolean;
}
const members: Record<string, Member> = {
  boss: { role: 'admin' },
  ed: { role: 'edit' },
  tim: { role: 'read', teamIds: ['team-w'] },
  gus: { role: '', guest: true },
};

const identity = {
  getMembership: async ({ userId }: { organizationId: string; userId: string }) => {
    const m = members[userId];
    return { organizationExists: true, role: m?.role ?? '', teamIds: m?.teamIds ?? [], guest: m?.guest ?? false };
  },
  listMembers: async () => ({
    members: Object.entries(members).map(([userId, m]) => ({
      userId,
      role: m.role,
      guest: m.guest ?? false,
      teamIds: m.teamIds ?? [],
      joinedAt: now.toISOString(),
    })),
  }),
  getUsers: async ({ userIds }: { userIds: string[] }) => ({
    users: userIds.filter((id) => id in members).map((id) => ({ id, displayName: id, email: `${id}@example.com`, photoUrl: '' })),
  }),
  getTeams: async ({ teamIds }: { teamIds: string[] }) => ({
    teams: teamIds
      .filter((id) => id === 'team-w')
      .map((id) => ({ id, title: 'Writers', members: 1, spaces: 0, createdAt: now.toISOString(), admin: true, view: true })),
  }),
};

describe('content grants', () => {
  let db: PgliteDatabase;
  let deps: ContentHttpDeps;
  let collectionId: string;
  let inside: { id: string; organizationId: string; parentId: string | null; defaultLevel: string | null };
  let privateSpace: { id: string; organizationId: string; parentId: string | null; defaultLevel: string | null };

  beforeAll(async () => {
    db = await openContentDb();
    // A TTL of 0: each check asks the fake again, as a test changes nothing in identity anyway.
    const membership = new MembershipResolver(() => identity as unknown as IdentityClient, 0);
    deps = {
      db,
      membership,
      clock: () => now,
      clients: { identity: () => identity as unknown as IdentityClient },
      urls: { api: (path: string) => `https://api.test/v1${path}` },
    } as unknown as ContentHttpDeps;
    collectionId = (await createCollectionAtEnd(db, { organizationId: ORG, parentId: null, title: 'Guides', defaultLevel: 'read' }, now)).id;
    const space = (title: string, parentId: string | null, defaultLevel: string | null) =>
      createSpaceWithRevision(
        db,
        { organizationId: ORG, parentId, title, emoji: '', visibility: 'private', defaultLevel, editMode: 'live', createdBy: 'boss' },
        now,
      );
    inside = await space('Inside', collectionId, 'inherit');
    privateSpace = await space('Private', null, null);
  });
  afterAll(() => db.close());

  const level = async (userId: string, content: { id: string; parentId: string | null; defaultLevel: string | null }) =>
    (await loadContentAccess(db, deps.membership, ORG, userId)).levelOf(content);

  it("caps members by the collection's default, admins excepted, and hides private content from members without a grant", async () => {
    expect(await level('ed', inside)).toBe('read');
    expect(await level('boss', inside)).toBe('admin');
    expect(await level('ed', privateSpace)).toBeNull();
    expect(await level('boss', privateSpace)).toBe('admin');
    expect(await level('gus', inside)).toBeNull();
  });

  it('raises a member through a grant to one of their teams on the collection above the space', async () => {
    await changeGrants(db, ORG, [{ resource: { kind: 'collection', id: collectionId }, principal: { kind: 'team', id: 'team-w' }, role: 'edit' }], now);
    expect(await level('tim', inside)).toBe('edit');
    expect(await level('ed', inside)).toBe('read');
    expect(await outboxTypes(db, collectionId)).toContain('permission.updated');
    await changeGrants(db, ORG, [{ resource: { kind: 'collection', id: collectionId }, principal: { kind: 'team', id: 'team-w' }, role: null }], now);
    expect(await level('tim', inside)).toBe('read');
  });

  it('invites a guest to one space: they read it and list only it; removing the grant takes it away', async () => {
    await expectApiError(
      inviteToContent(deps, { userId: 'boss' }, { resource: { kind: 'space', id: privateSpace.id }, role: 'read', users: ['gus', 'nobody'], teams: [] }),
      404,
      /nobody/,
    );
    await expectApiError(
      inviteToContent(deps, { userId: 'boss' }, { resource: { kind: 'space', id: privateSpace.id }, role: 'read', users: [], teams: ['team-x'] }),
      404,
      /team-x/,
    );
    expect(await level('gus', privateSpace)).toBeNull();
    await expectApiError(
      inviteToContent(deps, { userId: 'ed' }, { resource: { kind: 'space', id: privateSpace.id }, role: 'read', users: ['gus'], teams: [] }),
      404,
      /not found/,
    );

    await inviteToContent(deps, { userId: 'boss' }, { resource: { kind: 'space', id: privateSpace.id }, role: 'read', users: ['gus'], teams: [] });
    expect(await level('gus', privateSpace)).toBe('read');
    const listed = await listSpaces(deps, { userId: 'gus' }, { organizationId: ORG, page: { offset: 0, limit: 10 } });
    expect(listed.items.map((i) => [i.space.id, i.level])).toEqual([[privateSpace.id, 'read']]);
    expect(listed.total).toBe(1);
    const edListed = await listSpaces(deps, { userId: 'ed' }, { organizationId: ORG, page: { offset: 0, limit: 10 } });
    expect(edListed.items.map((i) => i.space.id)).toEqual([inside.id]);
    expect(edListed.total).toBe(1);

    const aggregate = await listContentAccess(deps, { userId: 'boss' }, { resource: { kind: 'space', id: privateSpace.id }, page: { offset: 0, limit: 10 } });
    // Everyone who can access the private space: the organization's admin, and the guest by their grant.
    expect(aggregate.items.map((i) => [i.user.id, i.role])).toEqual([
      ['boss', 'admin'],
      ['gus', 'read'],
    ]);

    expect(
      await removeContentGrant(deps, { userId: 'boss' }, { resource: { kind: 'space', id: privateSpace.id }, principal: { kind: 'user', id: 'gus' } }),
    ).toBe(true);
    expect(
      await removeContentGrant(deps, { userId: 'boss' }, { resource: { kind: 'space', id: privateSpace.id }, principal: { kind: 'user', id: 'gus' } }),
    ).toBe(false);
    expect((await outboxTypes(db, privateSpace.id)).filter((t) => t === 'permission.updated')).toHaveLength(2);
    expect(await level('gus', privateSpace)).toBeNull();
    // Members and guests list; a guest without any grant left is a stranger again.
    await expect(authorizeContentReader(db, deps.membership, ORG, 'ed')).resolves.toMatchObject({ orgRole: 'edit' });
  });

  it('sets one grant with PATCH semantics: no role changes nothing, null removes, an unknown user is a 404', async () => {
    const resource = { kind: 'space' as const, id: inside.id };
    await setContentGrant(deps, { userId: 'boss' }, { resource, principal: { kind: 'user', id: 'ed' }, role: 'admin' });
    expect(await level('ed', inside)).toBe('admin');
    await setContentGrant(deps, { userId: 'boss' }, { resource, principal: { kind: 'user', id: 'ed' }, role: undefined });
    expect(await level('ed', inside)).toBe('admin');
    await setContentGrant(deps, { userId: 'boss' }, { resource, principal: { kind: 'user', id: 'ed' }, role: null });
    expect(await level('ed', inside)).toBe('read');
    await expectApiError(setContentGrant(deps, { userId: 'boss' }, { resource, principal: { kind: 'user', id: 'nobody' }, role: 'read' }), 404, /nobody/);
    // A member below admin on the space may not change grants.
    await expectApiError(setContentGrant(deps, { userId: 'ed' }, { resource, principal: { kind: 'user', id: 'ed' }, role: 'admin' }), 403, /admin/);
  });

  it('leaves the grants behind when a space goes to another organization, announcing each removal', async () => {
    const moving = await createSpaceWithRevision(
      db,
      { organizationId: ORG, parentId: null, title: 'Moving', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'boss' },
      now,
    );
    await changeGrants(db, ORG, [{ resource: { kind: 'space', id: moving.id }, principal: { kind: 'user', id: 'gus' }, role: 'edit' }], now);
    await moveSpaceToOrganization(db, moving, 'org-elsewhere', now);
    expect((await listGrants(db, { kind: 'space', id: moving.id }, 'user', { offset: 0, limit: 10 })).total).toBe(0);
    const events = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE key = $1 ORDER BY seq', [moving.id]);
    const removals = events.rows
      .map((r) => JSON.parse(r.payload) as { type: string; data: { role: string | null; organizationId: string } })
      .filter((e) => e.type === 'permission.updated');
    expect(removals.map((e) => [e.data.organizationId, e.data.role])).toEqual([
      [ORG, 'edit'],
      [ORG, null],
    ]);
  });
});
