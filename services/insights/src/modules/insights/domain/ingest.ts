import { dailySalt, visitorHash } from '@quire/helpers';
import { badRequest } from '@quire/errors';
import { newId } from '@quire/ids';
import { INSIGHTS_DEFAULTS } from '../../../settings';
import type { SiteInsightsEvent } from './site-insights-event';
import { enrich } from './enrich';
import { eventDetails } from './event-details';
import type { InsightsEventRow } from '../model/event-row';
import { storedCellOf } from '../model/geo-cell';
import { domainOf, utmOf } from './url-fields';
import { flattenClaims } from './visitor-claims';

/** Insights' own salt: its hashes cannot be joined with another use's. */
const VISITOR_SALT_PURPOSE = 'insights-visitor-salt';

/** Events may be stamped at most this far ahead of the server clock (client clock skew). */
export const MAX_FUTURE_SKEW_SECONDS = 5 * 60;
/**
 * The retention window (settings): monthly partitions older than it are dropped, so an event older
 * than this would be dropped at once; it is rejected with 400 instead, like one stamped in the
 * future (rejected, not clamped: a clamped time would be a wrong one).
 */
const RETENTION_MONTHS = INSIGHTS_DEFAULTS.retentionMonths;

export interface IngestContext {
  organizationId: string;
  siteId: string;
  /** The request's client IP (first x-forwarded-for hop), used when an event has no session.ip. */
  clientIp: string;
  now: Date;
  secret: string;
}

/** The oldest accepted event time for `now`, unix seconds. */
export function retentionStart(now: Date): number {
  const start = new Date(now.getTime());
  start.setUTCMonth(start.getUTCMonth() - RETENTION_MONTHS);
  return Math.floor(start.getTime() / 1000);
}

function eventTime(event: SiteInsightsEvent, index: number, nowSeconds: number, oldest: number): number {
  if (event.timestamp === undefined) return nowSeconds;
  const seconds = Math.floor(Date.parse(event.timestamp) / 1000);
  if (seconds > nowSeconds + MAX_FUTURE_SKEW_SECONDS) {
    throw badRequest(`Invalid body field "events.${index}.timestamp": must not be more than 5 minutes in the future`);
  }
  if (seconds < oldest) {
    throw badRequest(`Invalid body field "events.${index}.timestamp": must be within the ${RETENTION_MONTHS}-month retention window`);
  }
  return seconds;
}

/** The type-specific fields of an event (e.g. the query of a search), for `properties`. */
function propertiesOf(event: SiteInsightsEvent): string {
  const { type: _type, session: _session, location: _location, timestamp: _timestamp, ...rest } = event;
  return JSON.stringify(rest);
}

/** Events only an agent sends (a site's MCP server is for machines): marked as bots whatever the user agent says. */
const AGENT_EVENTS: ReadonlySet<string> = new Set(['mcp_request']);

/**
 * Validated events to stored rows: id and ingest time are given here, once; the row carries
 * the enrichment and the visitor hash, never the IP. Throws 400 for an out-of-window timestamp.
 */
export function buildEventRows(events: SiteInsightsEvent[], ctx: IngestContext): InsightsEventRow[] {
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  const oldest = retentionStart(ctx.now);
  const salt = dailySalt(ctx.secret, ctx.now, VISITOR_SALT_PURPOSE);
  const times = events.map((event, index) => eventTime(event, index, nowSeconds, oldest));
  return events.map((event, index) => {
    const { session, location } = event;
    const ip = session.ip ?? ctx.clientIp;
    const info = enrich(session.userAgent, ip);
    const utm = utmOf(location.url);
    const claims = flattenClaims(session.visitorAuthClaims);
    return {
      event_id: newId(),
      organization_id: ctx.organizationId,
      site_id: ctx.siteId,
      type: event.type,
      timestamp: times[index] as number,
      ingested_at: nowSeconds,
      visitor_id: session.visitorId,
      session_id: session.sessionId,
      visitor_hash: visitorHash(salt, ctx.siteId, ip, session.userAgent),
      url: location.url,
      referrer: session.referrer ?? '',
      language: session.language ?? '',
      site_section: location.siteSection ?? '',
      site_space: location.siteSpace ?? '',
      site_share_key: location.siteShareKey ?? '',
      space: location.space ?? '',
      revision: location.revision ?? '',
      page: location.page ?? '',
      country: info.country,
      browser: info.browser,
      os: info.os,
      device: info.device,
      is_bot: info.isBot || AGENT_EVENTS.has(event.type) ? 1 : 0,
      visitor_claims: JSON.stringify(session.visitorAuthClaims ?? {}),
      properties: propertiesOf(event),
      display_context: location.displayContext ?? 'site',
      referrer_domain: domainOf(session.referrer),
      ...utm,
      geo_lat: info.point?.latitude ?? 0,
      geo_lon: info.point?.longitude ?? 0,
      geo_h3: info.point ? storedCellOf(info.point.latitude, info.point.longitude) : '0',
      ...eventDetails(event),
      visitor_claim_keys: claims.keys,
      visitor_claim_values: claims.values,
    };
  });
}
