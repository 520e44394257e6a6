import { ApiError } from '@quire/errors';
import { MemoryCache } from '@quire/platform/cache';
import type { IdentityClient, SitesClient } from '@quire/platform/grpc';
import { createLogger } from '@quire/platform/logger';
import { deriveSecret } from '@quire/platform/secrets';
import {
  issueCompactSiteApiToken,
  issueSiteApiToken,
  newSiteAccessGeneration,
  SITE_API_TOKEN_SECRET_PURPOSE,
  siteAccessGenerationKey,
} from '@quire/publishing';
import { Authenticator } from '../src/auth/authenticator';
import { SiteAccessCheck } from '../src/auth/site-access';
import { SiteTokenVerifier } from '../src/auth/site-token';
import { authorizeSiteReader } from '../src/auth/site-token-routes';
import { RouteMatcher } from '../src/route-table';

const INTERNAL_SECRET = 'internal-secret-of-the-installation-0123456789';
const scope = { organization: 'org1', site: 'site1', siteSpace: 'ss1', space: 's1', spaces: ['s2'], as: 'open-stamp1' };
const identity = () =>
  ({
    authenticate: async () => {
      throw new ApiError(404, 'identity must not be asked');
    },
  }) as unknown as IdentityClient;
/** Sites' GetSiteAccess as a test sets it: the stamps it answers now, and how often it was asked. */
class FakeSites {
  stamps = ['open-stamp1'];
  spaceIds = ['s1', 's3'];
  asked = 0;
  client = () =>
    ({
      getSiteAccess: async () => {
        this.asked += 1;
        return { stamps: [...this.stamps], spaceIds: [...this.spaceIds] };
      },
    }) as unknown as SitesClient;
}
const authenticator = (sites = new FakeSites(), cache = new MemoryCache()) =>
  new Authenticator(
    identity,
    cache,
    createLogger('test', 'silent'),
    { cacheTtlSeconds: 60, localTtlMs: 0 },
    new SiteTokenVerifier(INTERNAL_SECRET, new SiteAccessCheck(cache, sites.client, createLogger('test', 'silent'))),
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

  it("in the compact form (REST's, under 200 characters), read the spaces their site publishes now", async () => {
    const sites = new FakeSites();
    const secret = deriveSecret(INTERNAL_SECRET, SITE_API_TOKEN_SECRET_PURPOSE);
    const { token } = await issueCompactSiteApiToken({ organization: 'org1', site: 'site1', as: 'open-stamp1' }, secret);
    const { principal } = await authenticator(sites).authenticate(`Bearer ${token}`);
    expect(principal.site).toEqual({ organizationId: 'org1', siteId: 'site1', spaceIds: ['s1', 's3'] });
    sites.stamps = ['another-one'];
    await expect(authenticator(sites).authenticate(`Bearer ${token}`)).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/access changed/) });
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

  it("are checked against the site's current access stamps, kept in the shared cache until sites renews the generation", async () => {
    const sites = new FakeSites();
    const cache = new MemoryCache();
    const gateway = authenticator(sites, cache);
    const { token } = await issue();
    await gateway.authenticate(`Bearer ${token}`);
    await gateway.authenticate(`Bearer ${token}`);
    expect(sites.asked).toBe(1);
    // The audience closes (unpublished, another visibility, a share link off, a new key): sites renews the generation.
    sites.stamps = [];
    await cache.set(siteAccessGenerationKey('site1'), newSiteAccessGeneration(), 60);
    await expect(gateway.authenticate(`Bearer ${token}`)).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/no longer valid/) });
    expect(sites.asked).toBe(2);
    // A second gateway copy sharing the cache refuses it too.
    await expect(authenticator(sites, cache).authenticate(`Bearer ${token}`)).rejects.toMatchObject({ code: 401 });
  });

  it('ask sites again for a stamp the kept entry lacks (an audience opened since), and refuse one sites does not know', async () => {
    const sites = new FakeSites();
    const cache = new MemoryCache();
    const gateway = authenticator(sites, cache);
    await gateway.authenticate(`Bearer ${(await issue()).token}`);
    sites.stamps = ['open-stamp1', 'new-link-st'];
    const secret = deriveSecret(INTERNAL_SECRET, SITE_API_TOKEN_SECRET_PURPOSE);
    const newer = await issueSiteApiToken({ ...scope, as: 'new-link-st' }, secret);
    await expect(gateway.authenticate(`Bearer ${newer.token}`)).resolves.toMatchObject({ principal: { site: { siteId: 'site1' } } });
    const unknown = await issueSiteApiToken({ ...scope, as: 'closed-stmp' }, secret);
    await expect(gateway.authenticate(`Bearer ${unknown.token}`)).rejects.toMatchObject({ code: 401 });
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
