import { apiClient } from '../support/api';
import { buildOrganization } from '../support/factories';
import { runScim2Tester } from '../support/scim-tester';
import { currentStack } from '../support/stack';

const stack = currentStack();

// scim2-tester (PyPI), a SCIM 2.0 compliance checker nobody here wrote, against one connection's
// service: it discovers the schemas, then creates, reads, lists, filters, replaces, patches and
// deletes Users and Groups. Every check it prints must be SUCCESS.
describe('SCIM compliance (scim2-tester)', () => {
  test('every check of scim2-tester succeeds', async () => {
    const org = await buildOrganization(stack, 'SCIM compliance');
    const res = await apiClient(stack, org.admin.token).post(`/v1/orgs/${org.id}/scim/connections`, { label: 'Compliance', provider: 'generic' });
    expect(res.status).toBe(201);
    const output = await runScim2Tester(res.body.connection.baseURL, res.body.token);
    const checks = output.split('\n').filter((line) => /^\S+ /.test(line) && /^(SUCCESS|ERROR|CRITICAL|SKIPPED|WARNING|FAILURE|FAILED)\b/i.test(line));
    const failed = checks.filter((line) => !line.startsWith('SUCCESS'));
    expect({ failed, output: failed.length ? output : '' }).toEqual({ failed: [], output: '' });
    expect(checks.length).toBeGreaterThan(20);
  }, 300_000);
});
