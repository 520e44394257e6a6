import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import type { RedirectSite } from './deps';

export interface RedirectChange {
  status: 'created' | 'updated' | 'deleted' | 'published';
  redirectId: string;
  source: string;
  draft: boolean;
}

/** One `site.redirects_changed` event for the changes of one call, in its transaction (none when nothing changed). */
export async function announceRedirects(tx: SqlExecutor, site: RedirectSite, changes: RedirectChange[], by: string, now: Date): Promise<void> {
  if (changes.length === 0) return;
  await enqueueEvent(
    tx,
    outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteRedirectsChanged, { organizationId: site.organizationId, siteId: site.id, changes, by }),
    now,
  );
}
