import { join } from 'node:path';
import { authCacheKey, hashToken } from '@quire/access';
import type { Cache } from '@quire/platform/cache';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { authenticateScimConnection } from '../src/modules/scim/application/authenticate-scim-connection';
import { createScimConnection } from '../src/modules/scim/application/create-scim-connection';
import { rotateScimConnectionToken } from '../src/modules/scim/application/rotate-scim-connection-token';
import { createScimGroup, patchScimGroup } from '../src/modules/scim/application/save-scim-group';
import { createScimUser, patchScimUser } from '../src/modules/scim/application/save-scim-user';
import { setTeamMember } from '../src/modules/teams/application/set-team-member';
import { expectApiError, openServiceDb, outboxEventTypes, silentLogger } from '../../../test/support/service-db';

// Provisioning against a real (embedded) Postgres: memberships, roles, teams, tokens and the
// outbox events each change writes.

describe('SCIM provisioning', () => {
  let db: PgliteDatabase;
  const evicted: string[] = [];
  const cache = { del: async (keys: string[]) => void evicted.push(...keys) } as unknown as Cache;
  const deps = () => ({ db, clock: () => new Date(), cache });
  const role = async (userId: string) =>
    (await db.query<{ role: string | null }>(`SELECT role FROM members WHERE organization_id = 'org1' AND user_id = $1`, [userId])).rows[0]?.role;

  beforeAll(async () => {
    db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
    await db.exec(`INSERT INTO organizations (id, title) VALUES ('org1', 'One');
      INSERT INTO users (id, email, display_name) VALUES ('admin', 'admin@example.com', 'Admin'), ('ada', 'ada@example.com', 'Ada');
      INSERT INTO members (organization_id, user_id, role) VALUES ('org1', 'admin', 'admin');
      INSERT INTO api_tokens (id, user_id, token_hash) VALUES ('tok-ada', 'ada', '${hashToken('qr_ada')}');`);
  });

  test('a rotated token is refused at once; only admins create connections', async () => {
    await db.exec(`INSERT INTO users (id, email, display_name) VALUES ('reader', 'reader@example.com', 'R');
      INSERT INTO members (organization_id, user_id, role) VALUES ('org1', 'reader', 'read');`);
    await expectApiError(createScimConnection(deps(), { userId: 'reader' }, { organizationId: 'org1', label: 'x', provider: 'okta' }), 403, /.*/);
    const { connection, token } = await createScimConnection(deps(), { userId: 'admin' }, { organizationId: 'org1', label: 'Okta', provider: 'okta' });
    const authorization = (t: string) => ({ connectionId: connection.id, authorization: `Bearer ${t}` });
    expect((await authenticateScimConnection(deps(), silentLogger, authorization(token))).id).toBe(connection.id);
    const rotated = await rotateScimConnectionToken(deps(), { userId: 'admin' }, { organizationId: 'org1', scimConnectionId: connection.id });
    await expectApiError(authenticateScimConnection(deps(), silentLogger, authorization(token)), 401, /bearer token/);
    expect((await authenticateScimConnection(deps(), silentLogger, authorization(rotated.token))).tokenHint).toBe(rotated.token.slice(-4));
    expect(await outboxEventTypes(db, 'org1')).toEqual(expect.arrayContaining(['scim-connection.created', 'scim-connection.token-rotated']));
  });

  test('joiner, leaver, mover: membership, tokens and roles follow the provider, with their events', async () => {
    const { connection } = await createScimConnection(
      deps(),
      { userId: 'admin' },
      {
        organizationId: 'org1',
        label: 'Entra',
        provider: 'entra',
        groupRoles: { Writers: 'edit' },
      },
    );
    const user = await createScimUser(deps(), connection, { userName: 'ADA@example.com', active: true });
    expect(user.userId).toBe('ada');
    expect(await role('ada')).toBe('read');

    const group = await createScimGroup(deps(), connection, { displayName: 'Writers', members: [{ value: 'ada' }, { value: 'nobody' }] });
    expect(group.memberIds).toEqual(['ada']);
    expect(await role('ada')).toBe('edit');
    await expectApiError(
      setTeamMember(deps(), { userId: 'admin' }, { organizationId: 'org1', teamId: group.teamId, userId: 'admin' }),
      409,
      /provisioned by SCIM/,
    );

    await patchScimGroup(deps(), connection, { teamId: group.teamId, operations: [{ op: 'remove', path: 'members[value eq "ada"]' }], baseUrl: 'http://x' });
    expect(await role('ada')).toBe('read');

    // Entra's deactivation: out of the organization; in none other, so her API token is revoked and evicted.
    const deactivated = await patchScimUser(deps(), connection, {
      userId: 'ada',
      operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      baseUrl: 'http://x',
    });
    expect(deactivated.active).toBe(false);
    expect(await role('ada')).toBeUndefined();
    const token = (await db.query<{ revoked_at: Date | null }>(`SELECT revoked_at FROM api_tokens WHERE id = 'tok-ada'`)).rows[0];
    expect(token?.revoked_at).not.toBeNull();
    expect(evicted).toContain(authCacheKey(hashToken('qr_ada')));
    expect(await outboxEventTypes(db, 'ada')).toEqual(['token.revoked']);
    expect(await outboxEventTypes(db, 'org1')).toEqual(
      expect.arrayContaining(['member.added', 'team.created', 'member.role-changed', 'team.members-changed', 'member.removed']),
    );

    await patchScimUser(deps(), connection, { userId: 'ada', operations: [{ op: 'replace', value: { active: true } }], baseUrl: 'http://x' });
    expect(await role('ada')).toBe('read');
  });
});
