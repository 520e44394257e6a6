import { join } from 'node:path';
import { CONTENT_TOPIC, SITES_TOPIC } from '@quire/contracts';
import { newId } from '@quire/ids';
import type { MessageBus, ReceivedMessage, Subscription } from '@quire/platform/bus';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { addMember } from '../src/modules/accounts/application/add-member';
import { createOrganization } from '../src/modules/accounts/application/create-organization';
import { getMember } from '../src/modules/accounts/application/get-member';
import { getMembership } from '../src/modules/accounts/application/get-membership';
import { inviteUsers } from '../src/modules/accounts/application/invite-users';
import { issueToken } from '../src/modules/accounts/application/issue-token';
import { listMembers } from '../src/modules/accounts/application/list-members';
import { listOrganizations } from '../src/modules/accounts/application/list-organizations';
import { CONTENT_PERMISSIONS_CONSUMER, subscribeToPermissionEvents } from '../src/modules/accounts/consumers/permission-events.consumer';
import { planGuestChange } from '../src/modules/accounts/domain/guests';
import { openServiceDb, silentLogger } from '../../../test/support/service-db';

const now = new Date('2026-01-02T03:04:05Z');
const page = { limit: 50, offset: 0 };

/** A bus that only records the subscriptions, so the test delivers messages itself (and twice). */
class CapturingBus implements MessageBus {
  subscriptions: Subscription[] = [];
  async publish() {}
  async subscribe(subscription: Subscription) {
    this.subscriptions.push(subscription);
  }
  async close() {}
}

describe('planGuestChange', () => {
  it.each([
    [null, 'read', 0, 'add'],
    [{ role: null }, 'edit', 0, 'none'],
    [{ role: 'read' }, 'admin', 0, 'none'],
    [{ role: null }, null, 1, 'none'],
    [{ role: null }, null, 0, 'remove'],
    [{ role: 'edit' }, null, 0, 'none'],
    [null, null, 0, 'none'],
  ] as const)('member %j, granted %j, %i grants left: %s', (member, role, left, expected) => {
    expect(planGuestChange(member, role, left)).toBe(expected);
  });
});

describe('guests from permission.updated (PGlite)', () => {
  let db: PgliteDatabase;
  let content: Subscription;
  let sites: Subscription;
  let seq = 0;
  beforeAll(async () => {
    db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
    const bus = new CapturingBus();
    await subscribeToPermissionEvents({ bus, db, logger: silentLogger, clock: () => now });
    [content, sites] = [...bus.subscriptions].sort((a, b) => (a.topics[0] === CONTENT_TOPIC ? -1 : b.topics[0] === CONTENT_TOPIC ? 1 : 0)) as [
      Subscription,
      Subscription,
    ];
    expect(content).toMatchObject({ groupId: CONTENT_PERMISSIONS_CONSUMER, topics: [CONTENT_TOPIC] });
    expect(sites.topics).toEqual([SITES_TOPIC]);
  });
  afterAll(async () => {
    await db.close();
  });
  const deps = () => ({ db, clock: () => now });
  const email = (prefix: string) => `${prefix}-${++seq}@guests.example.com`;

  const grant = (organizationId: string, userId: string, resource: { kind: 'space' | 'collection' | 'site'; id: string }, role: string | null) => ({
    organizationId,
    resource,
    principal: { kind: 'user', id: userId },
    role,
  });
  const onContent = (id: string, data: object): ReceivedMessage => ({
    topic: CONTENT_TOPIC,
    key: 'k',
    value: JSON.stringify({ id, type: 'permission.updated', occurredAt: now.toISOString(), data }),
  });
  const onSites = (id: string, data: object & { resource: { id: string } }): ReceivedMessage => ({
    topic: SITES_TOPIC,
    key: data.resource.id,
    value: JSON.stringify({ id, type: 'permission.updated', occurredAt: now.toISOString(), data: { ...data, siteId: data.resource.id } }),
  });
  async function memberEvents(orgId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const { rows } = await db.query<{ payload: string }>("SELECT payload FROM outbox WHERE key = $1 AND payload LIKE '%member.%' ORDER BY seq", [orgId]);
    return rows.map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> }).map(({ type, data }) => ({ type, data }));
  }
  async function setup() {
    const { organization, owner } = await createOrganization(deps(), { title: 'Org', ownerEmail: email('owner') });
    const outsider = (await issueToken(deps(), { email: email('outsider') })).userId;
    return { orgId: organization.id, owner, outsider };
  }

  it('makes a user granted a space a guest once, keeps them while a grant is left, and removes them with the last', async () => {
    const { orgId, owner, outsider } = await setup();
    const space = { kind: 'space' as const, id: newId() };
    const site = { kind: 'site' as const, id: newId() };
    const first = newId();
    await content.handle(onContent(first, grant(orgId, outsider, space, 'read')));
    await content.handle(onContent(first, grant(orgId, outsider, space, 'read')));
    await sites.handle(onSites(newId(), grant(orgId, outsider, site, 'comment')));
    expect(await getMembership(deps(), { organizationId: orgId, userId: outsider })).toEqual({ organizationExists: true, role: null, guest: true });
    const listed = await listMembers(deps(), { userId: owner.id }, { organizationId: orgId, filter: { sort: 'joinedAt', order: 'asc' }, page });
    expect(new Map(listed.rows.map((m) => [m.userId, m.role]))).toEqual(
      new Map<string, string | null>([
        [owner.id, 'admin'],
        [outsider, null],
      ]),
    );

    await content.handle(onContent(newId(), grant(orgId, outsider, space, null)));
    expect((await getMembership(deps(), { organizationId: orgId, userId: outsider })).guest).toBe(true);
    await sites.handle(onSites(newId(), grant(orgId, outsider, site, null)));
    expect(await getMembership(deps(), { organizationId: orgId, userId: outsider })).toEqual({ organizationExists: true, role: null, guest: false });
    expect(await memberEvents(orgId)).toEqual([
      { type: 'member.added', data: { organizationId: orgId, userId: owner.id, role: 'admin' } },
      { type: 'member.added', data: { organizationId: orgId, userId: outsider, role: null } },
      { type: 'member.removed', data: { organizationId: orgId, userId: outsider, role: null } },
    ]);
  });

  it('never turns a member into a guest nor removes them, and ignores team grants and unknown users', async () => {
    const { orgId, outsider } = await setup();
    const { user } = await addMember(deps(), { organizationId: orgId, email: email('member'), role: 'edit' });
    const space = { kind: 'space' as const, id: newId() };
    await content.handle(onContent(newId(), grant(orgId, user.id, space, 'admin')));
    await content.handle(onContent(newId(), grant(orgId, user.id, space, null)));
    await content.handle(onContent(newId(), { ...grant(orgId, outsider, space, 'read'), principal: { kind: 'team', id: outsider } }));
    await content.handle(onContent(newId(), grant(orgId, 'no-such-user', space, 'read')));
    await content.handle(onContent(newId(), grant('no-such-org', outsider, space, 'read')));
    expect(await getMembership(deps(), { organizationId: orgId, userId: user.id })).toEqual({ organizationExists: true, role: 'edit', guest: false });
    expect(await getMembership(deps(), { organizationId: orgId, userId: outsider })).toEqual({ organizationExists: true, role: null, guest: false });
    expect((await memberEvents(orgId)).map((e) => e.type)).toEqual(['member.added', 'member.added']);
  });

  it('gives a guest no organization but their own member entry, and an invite makes them a member', async () => {
    const { orgId, owner, outsider } = await setup();
    await content.handle(onContent(newId(), grant(orgId, outsider, { kind: 'collection', id: newId() }, 'edit')));
    const guest = { userId: outsider };
    expect((await listOrganizations(deps(), guest, page)).rows.map((o) => o.id)).not.toContain(orgId);
    await expect(listMembers(deps(), guest, { organizationId: orgId, filter: { sort: 'joinedAt', order: 'asc' }, page })).rejects.toMatchObject({ code: 404 });
    await expect(getMember(deps(), guest, { organizationId: orgId, userId: owner.id })).rejects.toMatchObject({ code: 404 });
    expect(await getMember(deps(), guest, { organizationId: orgId, userId: outsider })).toMatchObject({ userId: outsider, role: null });

    const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [outsider]);
    const invited = await inviteUsers(deps(), { userId: owner.id }, { organizationId: orgId, emails: [{ email: rows[0]?.email as string, role: 'review' }] });
    expect(invited.addedUserIds).toEqual([outsider]);
    expect(await getMembership(deps(), { organizationId: orgId, userId: outsider })).toEqual({ organizationExists: true, role: 'review', guest: false });
    expect((await memberEvents(orgId)).slice(-1)).toEqual([
      { type: 'member.role-changed', data: { organizationId: orgId, userId: outsider, role: 'review', previousRole: null } },
    ]);
  });
});
