import { apiClient, expectError } from '../support/api';
import { buildOrganization, cli, unique } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack, null);

describe('GET /v1/email-domains/{emailDomain}/orgs', () => {
  const domain = `d${unique()}.example.org`;
  const otherDomain = `o${unique()}.example.org`;
  let callerToken: string;
  let open: { id: string; admin: { token: string } };
  let mine: string;
  let elsewhere: { id: string; admin: { token: string } };

  beforeAll(async () => {
    const caller = `someone@${domain}`;
    callerToken = await cli(stack, 'tokens', 'create', '--email', caller);
    open = await buildOrganization(stack, 'Open to the domain');
    elsewhere = await buildOrganization(stack, 'Open to another domain');
    mine = await cli(stack, 'orgs', 'create', '--title', 'Mine', '--owner', caller);
    const closed = await buildOrganization(stack, 'Closed');
    const setDomains = (orgId: string, emailDomains: string[], token: string) => api.patch(`/v1/orgs/${orgId}`, { emailDomains }, { token });
    expect((await setDomains(open.id, ['example.net', domain], open.admin.token)).status).toBe(200);
    expect((await setDomains(elsewhere.id, [otherDomain], elsewhere.admin.token)).status).toBe(200);
    expect((await setDomains(mine, [domain], callerToken)).status).toBe(200);
    expect((await setDomains(closed.id, [], closed.admin.token)).status).toBe(200);
  });

  it("answers the organizations of the caller's own domain, with the caller's permissions", async () => {
    const res = await api.get(`/v1/email-domains/${domain}/orgs`, { token: callerToken });
    expect(res.status).toBe(200);
    expectOperationResponse('getOrganizationsForEmailDomain', 200, res.body);
    const byId = new Map(res.body.organizations.map((o: { id: string }) => [o.id, o]));
    expect([...byId.keys()].sort()).toEqual([open.id, mine].sort());
    expect(byId.get(open.id)).toMatchObject({ object: 'organization', emailDomains: ['example.net', domain], permissions: { view: false, admin: false } });
    expect(byId.get(mine)).toMatchObject({ permissions: { view: true, admin: true } });
  });

  it('reads the domain without regard to case', async () => {
    const res = await api.get(`/v1/email-domains/${domain.toUpperCase()}/orgs`, { token: callerToken });
    expect(res.body.organizations).toHaveLength(2);
  });

  it("answers only the caller's own organizations for a domain that is not the caller's, so nothing can be probed", async () => {
    const other = await api.get(`/v1/email-domains/${otherDomain}/orgs`, { token: callerToken });
    expect(other.status).toBe(200);
    expectOperationResponse('getOrganizationsForEmailDomain', 200, other.body);
    expect(other.body).toEqual({ organizations: [] });
    // The admin of the open organization has an example.com address: the domain is not theirs, but
    // their own organization claims it, so they see that one and no other.
    const admin = await api.get(`/v1/email-domains/${domain}/orgs`, { token: open.admin.token });
    expectOperationResponse('getOrganizationsForEmailDomain', 200, admin.body);
    expect(admin.body.organizations.map((o: { id: string }) => o.id)).toEqual([open.id]);
    expect(admin.body.organizations[0]).toMatchObject({ permissions: { view: true, admin: true } });
  });

  it("answers an empty list when no organization lists the caller's domain", async () => {
    const lone = `l${unique()}.example.org`;
    const token = await cli(stack, 'tokens', 'create', '--email', `lone@${lone}`);
    expect((await api.get(`/v1/email-domains/${lone}/orgs`, { token })).body).toEqual({ organizations: [] });
  });

  it.each([['not a domain'], ['example'], [`${'a'.repeat(64)}.com`]])('answers 400 naming "emailDomain" for %j', async (value) => {
    expectError(await api.get(`/v1/email-domains/${encodeURIComponent(value)}/orgs`, { token: callerToken }), 400, /"emailDomain"/);
  });
});
