import { ApiError } from '@quire/errors';
import { MemoryCache } from '@quire/platform/cache';
import type { IdentityClient } from '@quire/platform/grpc';
import { createLogger } from '@quire/platform/logger';
import { deriveSecret } from '@quire/platform/secrets';
import { issueSiteApiToken, SITE_API_TOKEN_SECRET_PURPOSE } from '@quire/publishing';
import { Authenticator } from '../src/auth/authenticator';
import { SiteTokenVerifier } from '../src/auth/site-token';
import { authorizeSiteReader } from '../src/auth/site-token-routes';
import { RouteMatcher } from '../src/route-table';

const INTERNAL_SECRET = 'internal-secret-of-the-installation-0123456789';
const scope = { organization: 'org1', site: 'site1', siteSpace: 'ss1', space: 's1', spaces: ['s2'] };
const identity = () =>
  ({
    authenticate: async () => {
      throw new ApiError(404, 'identity must not be asked');
    },
  }) as unknown as IdentityClient;
const authenticator = () =>
  new Authenticator(
    identity,
    new MemoryCache(),
    createLogger('test', 'silent'),
    { cacheTtlSeconds: 60, localTtlMs: 0 },
    new SiteTokenVerifier(INTERNAL_SECRET),
  );
const issue = (now = new Date(), secret = deriveSecret(INTERNAL_SECRET, SITE_API_TOKEN_SECRET_PURPOSE)) => issueSiteApiToken(scope, secret, now);

describe('site API tokens at the gateway', () => {
  it('are verified without identity and become a site reader of their scope', async () => {
    const { token } = await issue();
    const { principal, tokenHash } = await authenticator().authenticate(`Bearer ${token}`);
    expect(principal).toEqual({
      userId: '',
      tokenId: expect.stringMatching(/^site-token:/),
      site: { organizationId: 'org1', siteId: 'site1', spaceIds: ['s1', 's2'] },
    });
    expect(tokenHash).toMatch(/^site-token:/);
  });

  it('are 401 when expired, signed with another secret, tampered with or unsigned', async () => {
    const expired = (await issue(new Date(Date.now() - 3 * 86400_000))).token;
    const foreign = (await issue(new Date(), 'another-secret-another-secret-another')).token;
    const { token } = await issue();
    const [h, p, s] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    for (const [bad, reason] of [
      [expired, /expired/],
      [foreign, /bad-signature/],
      [`${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`, /bad-signature/],
      [unsigned, /unsigned|malformed/],
    ] as const) {
      await expect(authenticator().authenticate(`Bearer ${bad}`)).rejects.toMatchObject({ code: 401, message: expect.stringMatching(reason) });
    }
  });

  it("may call only a renderer's reads, on its spaces and its site", () => {
    const routes = new RouteMatcher();
    const reader = { organizationId: 'org1', siteId: 'site1', spaceIds: ['s1', 's2'] };
    const check = (method: string, path: string) => {
      const { route } = routes.match(method, path);
      if (!route) throw new Error(`no route ${method} ${path}`);
      try {
        authorizeSiteReader(reader, route);
        return 'allowed';
      } catch (err) {
        return (err as ApiError).code;
      }
    };
    for (const path of [
      '/v1/spaces/s1',
      '/v1/spaces/s2/revisions/r1',
      '/v1/spaces/s1/revisions/r1/page/p1',
      '/v1/spaces/s1/revisions/r1/page/p1/document',
      '/v1/spaces/s1/revisions/r1/page/p1/meta-links',
      '/v1/spaces/s1/revisions/r1/path/a%2Fb',
      '/v1/spaces/s1/revisions/r1/files/f1',
      '/v1/orgs/org1/sites/site1/published',
      '/v1/orgs/org1/sites/site1/redirect',
    ])
      expect([path, check('GET', path)]).toEqual([path, 'allowed']);
    for (const [method, path] of [
      ['GET', '/v1/spaces/s3'],
      ['GET', '/v1/spaces/s3/revisions/r1'],
      ['PATCH', '/v1/spaces/s1'],
      ['DELETE', '/v1/spaces/s1'],
      ['GET', '/v1/spaces/s1/content'],
      ['GET', '/v1/spaces/s1/change-requests'],
      ['POST', '/v1/spaces/s1/change-requests'],
      ['GET', '/v1/orgs/org1/sites/site2/published'],
      ['GET', '/v1/orgs/org2/sites/site1/published'],
      ['GET', '/v1/orgs/org1/sites/site1'],
      ['GET', '/v1/orgs/org1/sites/site1/share-links'],
      ['GET', '/v1/user'],
      ['POST', '/v1/urls/published'],
    ])
      expect([method, path, check(method, path)]).toEqual([method, path, 403]);
  });
});
