import { apiClient } from './api';
import { runCli, type StackState } from './stack';

// Test data made the way an operator would: through the admin CLI, then used over HTTP.

export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Runs an admin CLI command and returns its output; throws with stderr when it fails. */
export async function cli(stack: StackState, ...args: string[]): Promise<string> {
  const result = await runCli(stack, args);
  if (result.code !== 0) throw new Error(`cli ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout.trim();
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A user with an API token. */
export async function buildUser(stack: StackState, prefix = 'user'): Promise<TestUser> {
  const email = `${prefix}-${unique()}@example.com`;
  const token = await cli(stack, 'tokens', 'create', '--email', email);
  const me = await apiClient(stack, token).get('/v1/user');
  return { id: me.body.id, email, token };
}

/** A fresh organization and its admin. */
export async function buildOrganization(stack: StackState, title = 'Test organization'): Promise<{ id: string; admin: TestUser }> {
  const admin = await buildUser(stack, 'admin');
  const id = await cli(stack, 'orgs', 'create', '--title', title, '--owner', admin.email);
  return { id, admin };
}

/** A member of `orgId` with `role`, with an API token. */
export async function buildMember(stack: StackState, orgId: string, role: string, prefix = role): Promise<TestUser> {
  const user = await buildUser(stack, prefix);
  await cli(stack, 'members', 'add', '--org', orgId, '--email', user.email, '--role', role);
  return user;
}

export interface OrgClient {
  id: string;
  api: ReturnType<typeof apiClient>;
}

/**
 * An organization seen by everyone who matters to an authorization test: its admin, a second
 * organization's admin, members with read, edit and create, and an outsider.
 */
export async function buildRoleCast(stack: StackState, title: string) {
  const [own, second] = await Promise.all([buildOrganization(stack, title), buildOrganization(stack, 'Other org')]);
  const org: OrgClient = { id: own.id, api: apiClient(stack, own.admin.token) };
  const other: OrgClient = { id: second.id, api: apiClient(stack, second.admin.token) };
  const [r, e, c, o] = await Promise.all([
    buildMember(stack, org.id, 'read'),
    buildMember(stack, org.id, 'edit'),
    buildMember(stack, org.id, 'create'),
    buildUser(stack, 'outsider'),
  ]);
  return {
    org,
    other,
    reader: apiClient(stack, r.token),
    editor: apiClient(stack, e.token),
    creator: apiClient(stack, c.token),
    outsider: apiClient(stack, o.token),
  };
}
