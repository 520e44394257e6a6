import { GitBookAPI, type AuditEvent } from 'gitbook-api-0202';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, type TestUser } from '../support/factories';
import { validateOperationResponse, validateSchema } from '../support/reference';
import { eventually } from '../support/eventually';
import { currentStack, runCli } from '../support/stack';

// The audit log (docs/audit-log.md) through today's official client (0.202.0):
// listOrganizationAuditEvents, getOrganizationAuditEvent, listOrganizationAuditEventActions.
// Each change below gives exactly one audit event with its actor, action, target and source.

const stack = currentStack();
let orgId: string;
let admin: TestUser;
let http: ApiClient;
const REFERENCE = { reference: '0.202.0' as const };

const client = (token: string) => new GitBookAPI({ authToken: token, endpoint: stack.url });

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Audit org');
  orgId = own.id;
  admin = own.admin;
  http = apiClient(stack, admin.token);
});

/** The audit events of the organization matching `query` (one page of up to 100), validated against the reference. */
async function auditEvents(query: Record<string, string> = {}): Promise<AuditEvent[]> {
  const res = await http.get(`/v1/orgs/${orgId}/audit-events?${new URLSearchParams({ limit: '100', ...query }).toString()}`);
  expect(res.status).toBe(200);
  expect(validateOperationResponse('listOrganizationAuditEvents', 200, res.body, REFERENCE)).toEqual([]);
  return res.body.items;
}

/** Waits for the consumer to record exactly one event for `action` on `target`, and answers it. */
async function theOneEvent(action: string, target: string): Promise<AuditEvent> {
  let found: AuditEvent[] = [];
  await eventually(async () => {
    found = await auditEvents({ action, target });
    return found.length > 0;
  });
  // A moment more: a second record of the same fact would have arrived with the first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await auditEvents({ action, target })).toHaveLength(1);
  return found[0]!;
}

describe('recorded changes', () => {
  it('creating and renaming a space: one event each, the admin through the API', async () => {
    const api = client(admin.token);
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Handbook' });
    const created = await theOneEvent('space.created', space.id);
    expect(created).toMatchObject({
      object: 'audit-event',
      action: 'space.created',
      actor: { type: 'user', id: admin.id },
      source: 'api',
      target: { type: 'space', id: space.id },
    });
    expect(created.urls.location).toBe(`${stack.url}/v1/orgs/${orgId}/audit-events/${created.id}`);

    await api.spaces.updateSpaceById(space.id, { title: 'Staff handbook' });
    const renamed = await theOneEvent('space.updated', space.id);
    expect(renamed).toMatchObject({ actor: { type: 'user', id: admin.id }, source: 'api', target: { type: 'space', id: space.id } });

    const { data: details } = await api.orgs.getOrganizationAuditEvent(orgId, renamed.id);
    expect(validateOperationResponse('getOrganizationAuditEvent', 200, details, REFERENCE)).toEqual([]);
    expect(details).toMatchObject({ ...renamed, schemaVersion: 1, payload: { spaceId: space.id, organizationId: orgId, fields: ['title'] } });
    expect(typeof details.executionId).toBe('string');
    expect(typeof details.correlationId).toBe('string');
  });

  it('adding a member with the CLI: the operator through a script', async () => {
    const member = await buildMember(stack, orgId, 'edit', 'audited');
    expect(await theOneEvent('member.added', member.id)).toMatchObject({
      actor: { type: 'system', id: 'cli', label: 'Quire CLI (operator)' },
      source: 'script',
      target: { type: 'user', id: member.id },
    });
  });

  it('creating a site: its title is the target label', async () => {
    const { data: site } = await client(admin.token).orgs.createSite(orgId, { title: 'Audited docs' });
    expect(await theOneEvent('site.created', site.id)).toMatchObject({
      actor: { type: 'user', id: admin.id },
      source: 'api',
      target: { type: 'site', id: site.id, label: 'Audited docs' },
    });
  });

  it("creating an API token for a member: recorded in the member's organization", async () => {
    await cli(stack, 'tokens', 'create', '--email', admin.email, '--name', 'audited');
    let tokenEvents: AuditEvent[] = [];
    await eventually(async () => {
      tokenEvents = await auditEvents({ action: 'token.created', actor: 'cli' });
      return tokenEvents.length > 0;
    });
    expect(tokenEvents).toHaveLength(1);
    expect(tokenEvents[0]).toMatchObject({ actor: { type: 'system', id: 'cli' }, source: 'script', target: { type: 'token' } });
    const { data: details } = await client(admin.token).orgs.getOrganizationAuditEvent(orgId, tokenEvents[0].id);
    expect(details.payload).toMatchObject({ userId: admin.id, tokenId: tokenEvents[0].target.id });
  });
});

describe('filters and pages', () => {
  it('from/to bound the time, actor narrows to one actor, and pages follow next', async () => {
    const api = client(admin.token);
    const before = new Date(Date.now() - 1000).toISOString();
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Filtered' });
    await theOneEvent('space.created', space.id);
    expect(await auditEvents({ target: space.id, to: before })).toEqual([]);
    expect(await auditEvents({ target: space.id, from: before })).toHaveLength(1);
    const byAdmin = await auditEvents({ actor: admin.id });
    expect(byAdmin.length).toBeGreaterThanOrEqual(3);
    expect(byAdmin.every((e) => e.actor.id === admin.id)).toBe(true);
    // Newest first.
    const times = byAdmin.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const { data: first } = await api.orgs.listOrganizationAuditEvents(orgId, { limit: 1, actor: admin.id });
    expect(validateOperationResponse('listOrganizationAuditEvents', 200, first, REFERENCE)).toEqual([]);
    expect(first.items).toHaveLength(1);
    expect(first.next?.page).toEqual(expect.any(String));
    const { data: second } = await api.orgs.listOrganizationAuditEvents(orgId, { limit: 1, actor: admin.id, page: first.next!.page });
    expect(second.items[0]!.id).toBe(byAdmin[1].id);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it('refuses bad parameters with 400 naming them, and a malformed id with 404', async () => {
    expectError(await http.get(`/v1/orgs/${orgId}/audit-events?limit=0`), 400, /limit/);
    expectError(await http.get(`/v1/orgs/${orgId}/audit-events?limit=101`), 400, /limit/);
    expectError(await http.get(`/v1/orgs/${orgId}/audit-events?from=yesterday`), 400, /from/);
    expectError(await http.get(`/v1/orgs/${orgId}/audit-events?page=nope`), 400, /page/);
    expectError(await http.get(`/v1/orgs/${orgId}/audit-events/not-a-uuid`), 404);
    expectError(await http.get(`/v1/orgs/${orgId}/audit-events/00000000-0000-8000-8000-000000000000`), 404);
  });
});

describe('the catalog and who may read', () => {
  it('lists every action with its label', async () => {
    const { data } = await client(admin.token).orgs.listOrganizationAuditEventActions(orgId);
    expect(validateOperationResponse('listOrganizationAuditEventActions', 200, data, REFERENCE)).toEqual([]);
    const ids = data.items.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['space.created', 'space.updated', 'member.added', 'site.created', 'token.created']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(data.items.find((a) => a.id === 'space.created')).toEqual({ object: 'audit-event-action', id: 'space.created', label: 'Space created' });
  });

  it('a member below admin gets 403, a stranger 404', async () => {
    const editor = await buildMember(stack, orgId, 'edit', 'auditreader');
    const outsider = await buildUser(stack, 'auditoutsider');
    const someEvent = (await auditEvents())[0];
    for (const path of [`/v1/orgs/${orgId}/audit-events`, `/v1/orgs/${orgId}/audit-events/${someEvent.id}`, `/v1/orgs/${orgId}/audit-event-actions`]) {
      expectError(await http.get(path, { token: editor.token }), 403);
      expectError(await http.get(path, { token: outsider.token }), 404);
    }
  });
});

describe('npm run -s cli -- audit export', () => {
  it('prints the range as NDJSON, one event with its details per line, progress on stderr', async () => {
    const from = new Date(Date.now() - 3600_000).toISOString();
    const listed = await auditEvents({ from });
    const res = await runCli(stack, ['audit', 'export', '--org', orgId, '--from', from, '--to', new Date(Date.now() + 60_000).toISOString()]);
    expect(res.code).toBe(0);
    const lines = res.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((e) => e.id)).toEqual(listed.map((e) => e.id).slice(0, lines.length));
    expect(lines.length).toBeGreaterThanOrEqual(listed.length);
    for (const line of lines) expect(validateSchema('AuditEventDetails', line, REFERENCE)).toEqual([]);
    expect(res.stderr).toMatch(new RegExp(`audit export: done, ${lines.length} events of ${orgId}`));
  });

  it('an empty range prints nothing; a range ending before it starts is a usage error', async () => {
    const empty = await runCli(stack, ['audit', 'export', '--org', orgId, '--to', '2001-01-01']);
    expect(empty).toMatchObject({ code: 0, stdout: '' });
    const reversed = await runCli(stack, ['audit', 'export', '--org', orgId, '--from', '2026-02-01', '--to', '2026-01-01']);
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toMatch(/--from must not be after --to/);
    const bad = await runCli(stack, ['audit', 'export', '--org', orgId, '--from', 'last week']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from must be a date/);
    expect((await runCli(stack, ['audit', 'export'])).stderr).toMatch(/missing --org/);
  });

  it('--help explains the command', async () => {
    const res = await runCli(stack, ['audit', 'export', '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage: npm run -s cli -- audit export --org <orgId> \[--from <date-time>\] \[--to <date-time>\]/);
    expect(res.stdout).toContain('NDJSON');
  });
});
