import { join } from 'node:path';
import { hashToken } from '@quire/access';
import type { ApiError } from '@quire/errors';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { addMember } from '../src/modules/accounts/application/add-member';
import { createLinkInvite } from '../src/modules/accounts/application/create-link-invite';
import { createOrganization } from '../src/modules/accounts/application/create-organization';
import { inviteUsers } from '../src/modules/accounts/application/invite-users';
import { issueToken } from '../src/modules/accounts/application/issue-token';
import { listOrganizationsForEmailDomain } from '../src/modules/accounts/application/list-organizations-for-email-domain';
import { removeMember } from '../src/modules/accounts/application/remove-member';
import { updateMember } from '../src/modules/accounts/application/update-member';
import { emailDomainOf } from '../src/modules/accounts/domain/invites';
import { wouldLoseLastAdmin } from '../src/modules/accounts/domain/members';
import { findMemberWithUser, findMembership } from '../src/modules/accounts/store/members.store';
import { findUserByEmail } from '../src/modules/accounts/store/users.store';
import { openServiceDb } from '../../../test/support/service-db';

const now = new Date('2026-01-02T03:04:05Z');

async function openDb(): Promise<PgliteDatabase> {
  const db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
  return db;
}

interface OutboxEvent {
  key: string;
  type: string;
  data: Record<string, unknown>;
}

describe('wouldLoseLastAdmin', () => {
  it.each([
    [{ role: 'admin', disabled: false }, 1, null, true],
    [{ role: 'admin', disabled: false }, 1, 'edit', true],
    [{ role: 'admin', disabled: false }, 1, 'admin', false],
    [{ role: 'admin', disabled: false }, 2, null, false],
    [{ role: 'admin', disabled: true }, 1, null, false],
    [{ role: 'read', disabled: false }, 1, null, false],
  ])('%j with %i active admins becoming %j: %s', (member, admins, next, expected) => {
    expect(wouldLoseLastAdmin(member, admins, next)).toBe(expected);
  });
});

describe('emailDomainOf', () => {
  it('is the lower-case part after the last @', () => {
    expect(emailDomainOf('Ada@Docs.Example.COM')).toBe('docs.example.com');
  });
});

describe('identity members, invites and link invites (PGlite)', () => {
  let db: PgliteDatabase;
  let seq = 0;
  beforeAll(async () => {
    db = await openDb();
  });
  afterAll(async () => {
    await db.close();
  });

  async function eventsSince(from: number): Promise<OutboxEvent[]> {
    const { rows } = await db.query<{ key: string; payload: string }>('SELECT key, payload FROM outbox WHERE seq > $1 ORDER BY seq', [from]);
    return rows.map((r) => {
      const envelope = JSON.parse(r.payload) as { type: string; data: Record<string, unknown> };
      return { key: r.key, type: envelope.type, data: envelope.data };
    });
  }
  async function lastSeq(): Promise<number> {
    const { rows } = await db.query<{ n: number }>('SELECT coalesce(max(seq), 0)::int AS n FROM outbox');
    return rows[0]?.n ?? 0;
  }
  const email = (prefix: string) => `${prefix}-${++seq}@example.com`;
  // The use cases' dependencies: the database and a clock stopped at `now`.
  const deps = () => ({ db, clock: () => now });
  const as = (user: { id: string }) => ({ userId: user.id });

  async function orgWithAdmin() {
    const { organization, owner } = await createOrganization(deps(), { title: 'Org', ownerEmail: email('admin') });
    return { orgId: organization.id, admin: owner };
  }

  it('changes a role with member.role-changed, once, and refuses to demote the last admin', async () => {
    const { orgId, admin } = await orgWithAdmin();
    const { user } = await addMember(deps(), { organizationId: orgId, email: email('m'), role: 'read' });
    const from = await lastSeq();
    const changed = await updateMember(deps(), as(admin), { organizationId: orgId, userId: user.id, role: 'edit' });
    expect(changed).toMatchObject({ role: 'edit', teams: 0, user: { id: user.id } });
    await updateMember(deps(), as(admin), { organizationId: orgId, userId: user.id, role: 'edit' });
    expect(await eventsSince(from)).toEqual([
      { key: orgId, type: 'member.role-changed', data: { organizationId: orgId, userId: user.id, role: 'edit', previousRole: 'read' } },
    ]);
    await expect(updateMember(deps(), as(admin), { organizationId: orgId, userId: admin.id, role: 'read' })).rejects.toMatchObject({ code: 409 });
    await expect(addMember(deps(), { organizationId: orgId, email: admin.email, role: 'read' })).rejects.toMatchObject({ code: 409 });
    await expect(updateMember(deps(), as(admin), { organizationId: orgId, userId: 'nobody', role: 'edit' })).rejects.toMatchObject({ code: 404 });
  });

  it('removes a member with member.removed and their team memberships; 404 for a non-member', async () => {
    const { orgId, admin } = await orgWithAdmin();
    const { user } = await addMember(deps(), { organizationId: orgId, email: email('m'), role: 'edit' });
    await db.query("INSERT INTO teams (id, organization_id, title) VALUES ($1, $2, 'T')", [`team-${orgId}`, orgId]);
    await db.query("INSERT INTO team_members (team_id, organization_id, user_id, role) VALUES ($1, $2, $3, 'member')", [`team-${orgId}`, orgId, user.id]);
    expect((await findMemberWithUser(db, orgId, user.id))?.teams).toBe(1);

    const from = await lastSeq();
    expect(await removeMember(deps(), as(admin), { organizationId: orgId, userId: user.id })).toMatchObject({ userId: user.id, role: 'edit' });
    expect(await eventsSince(from)).toEqual([{ key: orgId, type: 'member.removed', data: { organizationId: orgId, userId: user.id, role: 'edit' } }]);
    const { rows } = await db.query('SELECT 1 FROM team_members WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
    await expect(removeMember(deps(), as(admin), { organizationId: orgId, userId: user.id })).rejects.toMatchObject({ code: 404 });
  });

  it('lets exactly one of two admins leave when both try at once', async () => {
    const { orgId, admin } = await orgWithAdmin();
    const { user: second } = await addMember(deps(), { organizationId: orgId, email: email('second'), role: 'admin' });
    const results = await Promise.allSettled([
      removeMember(deps(), as(admin), { organizationId: orgId, userId: admin.id }),
      removeMember(deps(), as(second), { organizationId: orgId, userId: second.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((rejected?.reason as ApiError).code).toBe(409);
    const { rows } = await db.query("SELECT user_id FROM members WHERE organization_id = $1 AND role = 'admin'", [orgId]);
    expect(rows).toHaveLength(1);
  });

  it('adds existing users at once and turns an invite into a membership when its user is created', async () => {
    const { orgId, admin } = await orgWithAdmin();
    const existing = (await issueToken(deps(), { email: email('existing') })).userId;
    const existingEmail = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [existing])).rows[0]?.email as string;
    const pending = email('pending');
    const from = await lastSeq();
    const result = await inviteUsers(deps(), as(admin), {
      organizationId: orgId,
      emails: [
        { email: pending, role: 'review' },
        { email: existingEmail, role: 'edit' },
      ],
    });
    expect(result).toEqual({ addedUserIds: [existing], pendingEmails: [pending] });
    const invited = await eventsSince(from);
    expect(invited.map((e) => e.type)).toEqual(['member.added', 'invite.created']);
    expect(invited[1]).toMatchObject({ key: orgId, data: { organizationId: orgId, email: pending, role: 'review', invitedBy: admin.id } });

    const before = await lastSeq();
    const { userId, tokenId } = await issueToken(deps(), { email: pending.toUpperCase() });
    expect((await findMembership(db, orgId, userId))?.role).toBe('review');
    expect(await eventsSince(before)).toEqual([
      { key: orgId, type: 'member.added', data: { organizationId: orgId, userId, role: 'review' } },
      { key: orgId, type: 'invite.accepted', data: { organizationId: orgId, inviteId: invited[1]?.data.inviteId, userId, role: 'review' } },
      // The token comes after the membership the invite gave, so the organization's audit log records it.
      { key: userId, type: 'token.created', data: { tokenId, userId, organizationIds: [orgId] } },
    ]);
    expect((await db.query('SELECT 1 FROM invites WHERE email = $1', [pending])).rows).toHaveLength(0);
  });

  it('accepts no invite when the user already existed', async () => {
    const { orgId, admin } = await orgWithAdmin();
    const address = email('late');
    await inviteUsers(deps(), as(admin), { organizationId: orgId, emails: [{ email: address, role: 'read' }] });
    // An invite row for an address whose user exists can only come from outside the domain; it stays untouched.
    await issueToken(deps(), { email: address });
    await db.query("INSERT INTO invites (id, organization_id, email, role) VALUES ('stray', $1, $2, 'admin')", [orgId, address]);
    await issueToken(deps(), { email: address });
    expect((await findMembership(db, orgId, (await findUserByEmail(db, address))?.id ?? ''))?.role).toBe('read');
  });

  it('stores only the hash of an invite link secret, and refuses links while inviteLinks is off', async () => {
    const { orgId, admin } = await orgWithAdmin();
    await expect(createLinkInvite(deps(), as(admin), { organizationId: orgId, role: 'read' })).rejects.toMatchObject({ code: 403 });
    await db.query('UPDATE organizations SET invite_links = true WHERE id = $1', [orgId]);

    const from = await lastSeq();
    const { invite, secret } = await createLinkInvite(deps(), as(admin), { organizationId: orgId, role: 'read' });
    expect(secret).toMatch(/^[0-9A-Za-z]{40}$/);
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM link_invites WHERE id = $1', [invite.id]);
    expect(rows[0]?.secret_hash).toBe(hashToken(secret));
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(await eventsSince(from)).toEqual([{ key: orgId, type: 'link-invite.created', data: { organizationId: orgId, inviteId: invite.id, role: 'read' } }]);
  });

  it('shows every organization of an e-mail domain to users of that domain, and to others only their own', async () => {
    const { orgId, admin } = await orgWithAdmin();
    const domain = `d${++seq}.example.org`;
    await db.query('UPDATE organizations SET email_domains = $2 WHERE id = $1', [orgId, [domain]]);
    const { userId } = await issueToken(deps(), { email: `x@${domain}` });
    expect((await listOrganizationsForEmailDomain(deps(), { userId }, { emailDomain: domain.toUpperCase() })).map((o) => [o.id, o.callerRole])).toEqual([
      [orgId, null],
    ]);
    // Not the admin's own domain: only the organizations they are a member of.
    expect((await listOrganizationsForEmailDomain(deps(), as(admin), { emailDomain: domain })).map((o) => [o.id, o.callerRole])).toEqual([[orgId, 'admin']]);
    const { admin: outsider } = await orgWithAdmin();
    expect(await listOrganizationsForEmailDomain(deps(), as(outsider), { emailDomain: domain })).toEqual([]);
  });
});
