import type { Cache } from '@quire/platform/cache';
import type { SitesClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';
import {
  newSiteAccessGeneration,
  parseKeptSiteAccess,
  SITE_ACCESS_GENERATION_TTL_SECONDS,
  SITE_ACCESS_TTL_SECONDS,
  siteAccessGenerationKey,
  siteAccessKey,
} from '@quire/publishing';

/** A cache read slower than this is a miss: sites is asked. */
const CACHE_TIMEOUT_MS = 250;

/**
 * Whether a site API token's access stamp is still one of its site's (@quire/publishing
 * site-access.ts): one `MGET` of the kept stamps and the site's generation in the shared cache
 * (Redis in distributed mode, so every copy sees a change at once); sites' GetSiteAccess when the
 * entry is missing, stale (sites renewed the generation after a change) or lacks the stamp (a share
 * link created since). The generation is read before sites is asked and kept with its answer, so a
 * change landing meanwhile leaves the new entry stale, never wrong. A cache that fails is a miss.
 */
export class SiteAccessCheck {
  private lastCacheWarn = 0;

  constructor(
    private readonly cache: Cache,
    private readonly sites: () => SitesClient,
    private readonly logger: Logger,
  ) {}

  async isCurrent(claims: { organization: string; site: string; as: string }): Promise<boolean> {
    return (await this.check(claims)).isCurrent;
  }

  /** Whether the stamp is current, and the spaces the site publishes now (what a compact token may read). */
  async check(claims: { organization: string; site: string; as: string }): Promise<{ isCurrent: boolean; spaceIds: string[] }> {
    const keys = [siteAccessKey(claims.site), siteAccessGenerationKey(claims.site)];
    const [text, generation] = (await this.timed(this.cache.mget(keys))) ?? [null, null];
    const kept = parseKeptSiteAccess(text ?? null);
    if (kept && generation && kept.generation === generation && kept.stamps.includes(claims.as)) return { isCurrent: true, spaceIds: kept.spaceIds };
    const seen = generation ?? (await this.firstGeneration(claims.site));
    const { stamps, spaceIds } = await this.sites().getSiteAccess({ organizationId: claims.organization, siteId: claims.site });
    if (seen) void this.timed(this.cache.set(keys[0] as string, JSON.stringify({ generation: seen, stamps, spaceIds }), SITE_ACCESS_TTL_SECONDS));
    return { isCurrent: stamps.includes(claims.as), spaceIds };
  }

  /** A site whose generation was never written (or expired) gets one before sites is asked; null when the cache fails. */
  private async firstGeneration(siteId: string): Promise<string | null> {
    const generation = newSiteAccessGeneration();
    const written = await this.timed(this.cache.set(siteAccessGenerationKey(siteId), generation, SITE_ACCESS_GENERATION_TTL_SECONDS).then(() => true));
    return written ? generation : null;
  }

  private async timed<T>(work: Promise<T>): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CACHE_TIMEOUT_MS)));
    try {
      return await Promise.race([work.catch((err: Error) => this.failed(err)), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private failed(err: Error): null {
    if (Date.now() - this.lastCacheWarn > 10000) {
      this.lastCacheWarn = Date.now();
      this.logger.warn({ err: err.message }, 'site access cache unavailable; asking sites directly');
    }
    return null;
  }
}
