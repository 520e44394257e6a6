import type { SitesClient } from '@quire/platform/grpc';
import { SiteLevels, LEVEL_TTL_MS } from '../src/modules/insights/domain/site-levels';

describe('SiteLevels', () => {
  it('asks the sites service once per caller and site within the TTL, and reads no level as null', async () => {
    let calls = 0;
    let now = 0;
    const sites = {
      getSiteLevel: async ({ siteId, userId }: { siteId: string; userId: string }) => {
        calls++;
        return { level: siteId === 'mine' && userId === 'member' ? 'read' : '' };
      },
    } as unknown as SitesClient;
    const levels = new SiteLevels(
      () => sites,
      () => now,
    );
    expect(await levels.levelOf('org1', 'mine', 'member')).toBe('read');
    expect(await levels.levelOf('org1', 'mine', 'member')).toBe('read');
    expect(await levels.levelOf('org1', 'mine', 'stranger')).toBeNull();
    expect(await levels.levelOf('org1', 'theirs', 'member')).toBeNull();
    expect(calls).toBe(3);
    now += LEVEL_TTL_MS + 1;
    expect(await levels.levelOf('org1', 'mine', 'member')).toBe('read');
    expect(calls).toBe(4);
  });
});
