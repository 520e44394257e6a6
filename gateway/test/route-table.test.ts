import { ROUTE_TABLE, RouteMatcher } from '../src/route-table';

describe('route table', () => {
  const matcher = new RouteMatcher();

  it('has each method and path once', () => {
    const keys = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('routes by path to the owning service', () => {
    expect(matcher.match('GET', '/v1/orgs/o1/members').route?.entry.service).toBe('identity');
    expect(matcher.match('GET', '/v1/orgs/o1/sites/s1').route?.entry.service).toBe('sites');
    expect(matcher.match('POST', '/v1/orgs/o1/sites/s1/insights/events').route?.entry.service).toBe('insights');
    expect(matcher.match('GET', '/v1/spaces/sp/change-requests/3/content/page/p1').route?.entry.service).toBe('content');
  });

  it('prefers literal segments over parameters', () => {
    const latest = matcher.match('GET', '/v1/orgs/o1/openapi/petstore/versions/latest');
    expect(latest.route?.entry.path).toBe('/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest');
    const byId = matcher.match('GET', '/v1/orgs/o1/openapi/petstore/versions/v42');
    expect(byId.route?.params).toEqual({ organizationId: 'o1', specSlug: 'petstore', versionId: 'v42' });
  });

  it('lists the allowed methods when only the method is wrong, and nothing for unknown paths', () => {
    expect(matcher.match('DELETE', '/v1/orgs')).toEqual({ route: null, allowed: ['GET', 'POST'] });
    expect(matcher.match('GET', '/v1/nothing/here')).toEqual({ route: null, allowed: [] });
  });

  it('decodes parameters and rejects malformed escapes', () => {
    expect(matcher.match('GET', '/v1/email-domains/ex%2Eample.com/orgs').route?.params.emailDomain).toBe('ex.ample.com');
    expect(matcher.match('GET', '/v1/users/%E0%A4%A').route).toBeNull();
  });
});
