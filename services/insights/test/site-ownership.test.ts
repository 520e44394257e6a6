import type { SitesClient } from '@quire/platform/grpc';
import { SiteOwnership, SITE_TTL_MS } from '../src/modules/insights/domain/site-ownership';

describe('SiteOwnership', () => {
  it('asks the sites service once per site within the TTL, and checks the organization', async () => {
    let calls = 0;
    let now = 0;
    const sites = {
      getSite: async ({ siteId }: { siteId: string }) => {
        calls++;
        return { exists: siteId !== 'gone', organizationId: siteId === 'theirs' ? 'org2' : 'org1' };
      },
    } as unknown as SitesClient;
    const ownership = new SiteOwnership(
      () => sites,
      () => now,
    );
    expect(await ownership.belongs('org1', 'mine')).toBe(true);
    expect(await ownership.belongs('org1', 'mine')).toBe(true);
    expect(await ownership.belongs('org1', 'theirs')).toBe(false);
    expect(await ownership.belongs('org1', 'gone')).toBe(false);
    expect(calls).toBe(3);
    now += SITE_TTL_MS + 1;
    expect(await ownership.belongs('org1', 'mine')).toBe(true);
    expect(calls).toBe(4);
  });
});
