import { apiClient } from '../support/api';
import { currentStack, runCli } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack);

describe('admin CLI', () => {
  it('tokens create prints only a working token, and reuses the user', async () => {
    const email = `cli-${Date.now()}@example.com`;
    const first = await runCli(stack, ['tokens', 'create', '--email', email, '--name', 'laptop']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^qr_[A-Za-z0-9]{40}\n$/);
    const second = await runCli(stack, ['tokens', 'create', '--email', email.toUpperCase()]);
    const [a, b] = await Promise.all([api.get('/v1/user', { token: first.stdout.trim() }), api.get('/v1/user', { token: second.stdout.trim() })]);
    expect(a.body.email).toBe(email);
    expect(b.body.id).toBe(a.body.id);
  });

  it('orgs create prints only the id of an organization the owner administers', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const res = await runCli(stack, ['orgs', 'create', '--title', 'CLI Org', '--owner', email]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^[A-Za-z0-9]{20}\n$/);
    const token = (await runCli(stack, ['tokens', 'create', '--email', email])).stdout.trim();
    const org = await api.get(`/v1/orgs/${res.stdout.trim()}`, { token });
    expect(org.body).toMatchObject({ title: 'CLI Org', permissions: { admin: true } });
  });

  it('members add gives the role, and changes it when run again', async () => {
    const email = `member-${Date.now()}@example.com`;
    const added = await runCli(stack, ['members', 'add', '--org', stack.organizationId, '--email', email, '--role', 'comment']);
    expect(added.code).toBe(0);
    const token = (await runCli(stack, ['tokens', 'create', '--email', email])).stdout.trim();
    expect((await api.get(`/v1/orgs/${stack.organizationId}`, { token })).body.permissions.admin).toBe(false);
    await runCli(stack, ['members', 'add', '--org', stack.organizationId, '--email', email, '--role', 'admin']);
    expect((await api.get(`/v1/orgs/${stack.organizationId}`, { token })).body.permissions.admin).toBe(true);
  });

  it.each([
    ['tokens', 'create'],
    ['tokens', 'revoke'],
    ['orgs', 'create'],
    ['members', 'add'],
    ['dead-letters', 'list'],
    ['dead-letters', 'replay'],
  ])('%s %s --help explains the command', async (...cmd) => {
    const res = await runCli(stack, [...cmd, '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Usage: npm run -s cli -- ${cmd.join(' ')}`));
  });

  it('--help lists every command', async () => {
    const res = await runCli(stack, ['--help']);
    expect(res.code).toBe(0);
    for (const cmd of ['tokens create', 'tokens revoke', 'orgs create', 'members add', 'dead-letters list', 'dead-letters replay'])
      expect(res.stdout).toContain(cmd);
  });

  it.each(['tokens', 'dead-letters'])('%s --help lists the commands of its group', async (group) => {
    const res = await runCli(stack, [group, '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Usage: npm run -s cli -- ${group} <command>`));
    expect(res.stdout).toContain(`${group} `);
    expect(res.stdout).not.toContain('orgs create');
  });

  it.each([
    [['tokens', 'create'], /missing --email/],
    [['tokens', 'create', '--email', 'not-an-email'], /Invalid e-mail/],
    [['orgs', 'create', '--title', 'x', '--owner', 'a@example.com'], /title/],
    [['members', 'add', '--org', 'x', '--email', 'a@example.com', '--role', 'owner'], /--role must be one of/],
    [['members', 'add', '--org', 'noSuchOrg', '--email', 'a@example.com', '--role', 'read'], /not found/],
    [['tokens', 'create', '--mail', 'a@example.com'], /unknown option --mail/],
    [['frobnicate'], /unknown command/],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const res = await runCli(stack, args);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(message);
    expect(res.stdout).toBe('');
  });

  it('refuses admin calls signed with the wrong secret', async () => {
    const res = await runCli({ ...stack, cliEnv: { ...stack.cliEnv, INTERNAL_SECRET: 'wrong-secret-wrong-secret' } }, [
      'tokens',
      'create',
      '--email',
      'x@example.com',
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/x-quire-admin signature/);
  });
});
