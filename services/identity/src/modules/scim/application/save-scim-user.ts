import type { SqlExecutor } from '@quire/platform/sql';
import { deprovisionMember, evictRevokedTokens, findOrCreateUser, type IdentityDeps } from '../../accounts';
import type { Cache } from '@quire/platform/cache';
import { scimConflict, scimNotFound } from '../domain/scim-errors';
import { applyPatch, type PatchOperation } from '../domain/scim-patch';
import { userRepresentation } from '../domain/scim-representation';
import { provisionedUserOf, storedAttributes, type ProvisionedUser } from '../domain/scim-users';
import type { ScimConnection, ScimUserRecord } from '../model/scim-connection';
import { deleteScimUserRow, findScimUser, findScimUserIdByUserName, lockScimUser, upsertScimUser } from '../store/scim-users.store';
import { applyProvisionedRoles } from './provisioned-roles';

export type ScimDeps = IdentityDeps & { cache: Cache };
type Resource = Record<string, unknown>;

/** The address a user without one is created with: reserved (RFC 2606), unique per connection and userName. */
const placeholderEmail = (connectionId: string, userName: string) =>
  `${
    userName
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .slice(0, 64) || 'user'
  }.${connectionId.toLowerCase()}@scim.invalid`;

/** Membership follows `active`: joined with the provisioned role, or removed with their sessions (API tokens). */
async function applyActive(tx: SqlExecutor, connection: ScimConnection, user: ScimUserRecord, now: Date): Promise<string[]> {
  if (user.active) {
    await applyProvisionedRoles(tx, connection, [user.userId], now);
    return [];
  }
  return (await deprovisionMember(tx, connection.organizationId, user.userId, now)).revokedTokenHashes;
}

async function save(tx: SqlExecutor, connection: ScimConnection, userId: string, fields: ProvisionedUser, resource: Resource, now: Date) {
  const holder = await findScimUserIdByUserName(tx, connection.id, fields.userName);
  if (holder && holder !== userId) throw scimConflict(`userName ${JSON.stringify(fields.userName)} is taken by another User`);
  const record = await upsertScimUser(
    tx,
    { connectionId: connection.id, userId, userName: fields.userName, active: fields.active, resource: storedAttributes(resource) },
    now,
  );
  return { record, revoked: await applyActive(tx, connection, record, now) };
}

/**
 * Provisions a User (POST /Users): matched to the Quire user with its e-mail address, else one is
 * created; an active user becomes a member of the organization. 409 `uniqueness` when the
 * userName or the matched account is another User of this connection already.
 */
export async function createScimUser({ db, clock, cache }: ScimDeps, connection: ScimConnection, resource: Resource): Promise<ScimUserRecord> {
  const fields = provisionedUserOf(resource);
  const now = clock();
  const { record, revoked } = await db.transaction(async (tx) => {
    const email = fields.email ?? placeholderEmail(connection.id, fields.userName);
    const { user } = await findOrCreateUser(tx, { email, displayName: fields.displayName }, now);
    if (await findScimUser(tx, connection.id, user.id)) throw scimConflict(`A User of this connection has the e-mail address ${email} already`);
    return save(tx, connection, user.id, fields, resource, now);
  });
  await evictRevokedTokens(cache, revoked);
  return record;
}

/** Replaces a User (PUT): its attributes become these; `active` joins or removes them. */
export async function replaceScimUser({ db, clock, cache }: ScimDeps, connection: ScimConnection, userId: string, resource: Resource): Promise<ScimUserRecord> {
  const fields = provisionedUserOf(resource);
  const now = clock();
  const { record, revoked } = await db.transaction(async (tx) => {
    if (!(await lockScimUser(tx, connection.id, userId))) throw scimNotFound(`User ${userId} not found`);
    return save(tx, connection, userId, fields, resource, now);
  });
  await evictRevokedTokens(cache, revoked);
  return record;
}

/** Patches a User (RFC 7644 §3.5.2) on its representation, then saves it as a PUT would. */
export async function patchScimUser(
  { db, clock, cache }: ScimDeps,
  connection: ScimConnection,
  input: { userId: string; operations: PatchOperation[]; baseUrl: string },
): Promise<ScimUserRecord> {
  const now = clock();
  const { record, revoked } = await db.transaction(async (tx) => {
    const current = await lockScimUser(tx, connection.id, input.userId);
    if (!current) throw scimNotFound(`User ${input.userId} not found`);
    const patched = applyPatch(userRepresentation(current, input.baseUrl), input.operations);
    return save(tx, connection, input.userId, provisionedUserOf(patched), patched, now);
  });
  await evictRevokedTokens(cache, revoked);
  return record;
}

/** Deprovisions a User (DELETE): removed from the organization, their API tokens refused there at once. */
export async function deleteScimUser({ db, clock, cache }: ScimDeps, connection: ScimConnection, userId: string): Promise<void> {
  const now = clock();
  const revoked = await db.transaction(async (tx) => {
    if (!(await lockScimUser(tx, connection.id, userId))) throw scimNotFound(`User ${userId} not found`);
    const { revokedTokenHashes } = await deprovisionMember(tx, connection.organizationId, userId, now);
    await deleteScimUserRow(tx, connection.id, userId);
    return revokedTokenHashes;
  });
  await evictRevokedTokens(cache, revoked);
}
