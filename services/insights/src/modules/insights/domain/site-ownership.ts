import { TtlCache } from '@quire/helpers';
import type { SitesClient } from '@quire/platform/grpc';

/** How long "site S belongs to organization O" (or not) is remembered: sites rarely move or go. */
export const SITE_TTL_MS = 30_000;

/**
 * Answers whether a site belongs to an organization, asking the sites service over gRPC and
 * remembering the answer briefly, so a steady stream of event batches (and dashboard reads) costs
 * no gRPC call each. Ingest and reads share one instance. A deleted site stays known for at most
 * SITE_TTL_MS: its events are still accepted and read for that long, and no longer.
 */
export class SiteOwnership {
  private readonly answers: TtlCache<boolean>;

  constructor(
    private readonly sites: () => SitesClient,
    now: () => number = Date.now,
  ) {
    this.answers = new TtlCache<boolean>(SITE_TTL_MS, 100_000, now);
  }

  belongs(organizationId: string, siteId: string): Promise<boolean> {
    return this.answers.getOrLoad(`${organizationId}:${siteId}`, async () => {
      const answer = await this.sites().getSite({ organizationId, siteId });
      return answer.exists && answer.organizationId === organizationId;
    });
  }
}
