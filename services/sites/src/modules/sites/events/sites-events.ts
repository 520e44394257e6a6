// sites.events: the topic, its event types and their data are declared once, in
// packages/contracts/src/sites-events.ts (proto/TOPICS.md is generated from it).
import { SITES_TOPIC, SiteEvent, type SiteEventData, type SiteEventType } from '@quire/contracts';

export { SITES_TOPIC, SiteEvent, type SiteEventData, type SiteEventType };

/** An event about one site, keyed by its id so that the site's events stay in order. */
export const siteEvent = <K extends SiteEventType>(type: K, data: SiteEventData<K> & { organizationId: string; siteId: string }) => ({
  topic: SITES_TOPIC,
  key: data.siteId,
  type,
  data,
});
