import { isRole, type Role } from '@quire/access';
import { TtlCache } from '@quire/helpers';
import type { SitesClient } from '@quire/platform/grpc';

/**
 * How long a caller's level on a site is remembered: short, as for memberships, so a removed grant
 * or member loses a site's insights within seconds.
 */
export const LEVEL_TTL_MS = 3_000;

/**
 * A caller's level on a site, as the sites service answers it by the content rule (GetSiteLevel:
 * organization role, the site's default level, grants to them and their teams; null for none, an
 * unknown site or a site of another organization). Remembered briefly, so a steady stream of event
 * batches (and dashboard reads) costs no gRPC call each. Ingest and reads share one instance.
 */
export class SiteLevels {
  private readonly answers: TtlCache<Role | null>;

  constructor(
    private readonly sites: () => SitesClient,
    now: () => number = Date.now,
  ) {
    this.answers = new TtlCache<Role | null>(LEVEL_TTL_MS, 100_000, now);
  }

  levelOf(organizationId: string, siteId: string, userId: string): Promise<Role | null> {
    return this.answers.getOrLoad(`${organizationId}:${siteId}:${userId}`, async () => {
      const { level } = await this.sites().getSiteLevel({ organizationId, siteId, userId });
      return isRole(level) ? level : null;
    });
  }
}
