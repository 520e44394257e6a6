import { contentEvents, identityEvents, sitesEvents, specsEvents } from '@quire/contracts';

// Which bus events become which webhook events, and their payloads (docs/webhooks.md, Events).
// A webhook type is the declared type with `.` and `-` turned into `_` (`change-request.merged` →
// `change_request_merged`), except where GitBook's API has an event of its own for the same fact
// (the reference's `*Event` schemas: SpaceContentUpdatedEvent, SpaceVisibilityUpdatedEvent,
// SpaceGitSyncStartedEvent, SpaceGitSyncCompletedEvent): then its type and fields, so a handler
// written for GitBook's events works unchanged.

/** The topics whose facts are delivered (not specs.jobs, jobs; not insights.events, visitor rows). */
export const DELIVERED_TOPICS = [identityEvents, contentEvents, sitesEvents, specsEvents] as const;

/** Bus types with no webhook: a user's own token is no organization's business; sites' projection refreshes are their own bookkeeping. */
const NOT_DELIVERED = new Set(['token.created', 'token.revoked', 'site.published-space-refreshed']);

/** Bus types delivered under the reference's type, whatever their data says (content's Git Sync facts). */
const RENAMED: Record<string, string> = {
  'space.gitsync-started': 'space_gitsync_started',
  'space.gitsync-completed': 'space_gitsync_completed',
};

/** The test event `POST …/ping` sends; only to the webhook pinged, whatever its `events`. */
export const PING_TYPE = 'ping';

export const webhookTypeOf = (busType: string): string => RENAMED[busType] ?? busType.replace(/[.-]/g, '_');

/** Every type a webhook may subscribe to (besides `*`). */
export const WEBHOOK_EVENT_TYPES: readonly string[] = [
  ...new Set([
    ...DELIVERED_TOPICS.flatMap((topic) => Object.keys(topic.types))
      .filter((type) => !NOT_DELIVERED.has(type))
      .map(webhookTypeOf),
    'space_content_updated',
    'space_visibility_updated',
    ...Object.values(RENAMED),
  ]),
].sort();

/** One bus event as read from its topic. */
export interface BusEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** One event as webhooks deliver it. */
export interface WebhookEvent {
  /** The bus event's id (`webhook-id`), or `<id>:<type>` for a second event the same fact makes. */
  eventId: string;
  type: string;
  /** The organizations whose webhooks get it. */
  organizationIds: string[];
  spaceId: string | null;
  siteId: string | null;
  payload: Record<string, unknown>;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The organizations an event concerns: its `organizationId`; a transfer (`from`, `to`) concerns
 * both, the one that lost the space or collection and the one that got it.
 */
export function organizationsOf(data: Record<string, unknown>): string[] {
  const ids = [str(data.organizationId), str(data.from), str(data.to)].filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

/**
 * The payload: `eventId` and `type` first (the reference's BaseEvent), then the data's fields. A
 * data field named `type` (a revision's, a site's, a custom field's) would hide the event's own:
 * it is sent as `<entity>Type` (`revisionType`, `siteType`, `customFieldType`).
 */
function payloadOf(eventId: string, type: string, busType: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'type' || key === 'eventId') fields[`${camelEntity(busType)}${key === 'type' ? 'Type' : 'EventId'}`] = value;
    else fields[key] = value;
  }
  return { eventId, type, ...fields };
}

/** `custom-field.created` → `customField`. */
function camelEntity(busType: string): string {
  const entity = busType.split('.')[0] ?? busType;
  return entity.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The webhook events one bus event makes: none, one, or two (a visibility change is also a space update). */
export function webhookEventsOf(event: BusEvent): WebhookEvent[] {
  if (NOT_DELIVERED.has(event.type)) return [];
  const { data } = event;
  const organizationIds = organizationsOf(data);
  if (organizationIds.length === 0) return [];
  const base = { organizationIds, spaceId: str(data.spaceId), siteId: str(data.siteId) };
  const make = (eventId: string, type: string, fields: Record<string, unknown>): WebhookEvent => ({
    ...base,
    eventId,
    type,
    payload: payloadOf(eventId, type, event.type, fields),
  });

  if (event.type === 'revision.created' && data.current === true) {
    // SpaceContentUpdatedEvent: the space's primary content has a new revision.
    return [make(event.id, 'space_content_updated', { spaceId: data.spaceId, organizationId: data.organizationId, revisionId: data.revisionId })];
  }
  const events = [make(event.id, webhookTypeOf(event.type), data)];
  if (event.type === 'space.updated' && Array.isArray(data.fields) && data.fields.includes('visibility')) {
    // SpaceVisibilityUpdatedEvent, a second event of the same fact: its own id, derived so a
    // redelivered bus event derives the same one.
    const type = 'space_visibility_updated';
    events.push(
      make(`${event.id}:${type}`, type, {
        spaceId: data.spaceId,
        organizationId: data.organizationId,
        visibility: data.visibility,
        previousVisibility: data.previousVisibility,
      }),
    );
  }
  return events;
}

/** What a webhook subscribes to: types (or `*`), and optionally only some spaces or sites. */
export interface Subscription {
  events: string[];
  spaceIds: string[] | null;
  siteIds: string[] | null;
}

/**
 * Whether a webhook gets an event: its type is subscribed (`*`: all), and when the webhook names
 * spaces or sites, the event is about one of them (with both lists, either one will do).
 */
export function subscribes(webhook: Subscription, event: Pick<WebhookEvent, 'type' | 'spaceId' | 'siteId'>): boolean {
  if (!webhook.events.includes('*') && !webhook.events.includes(event.type)) return false;
  if (webhook.spaceIds === null && webhook.siteIds === null) return true;
  const spaceMatch = webhook.spaceIds !== null && event.spaceId !== null && webhook.spaceIds.includes(event.spaceId);
  const siteMatch = webhook.siteIds !== null && event.siteId !== null && webhook.siteIds.includes(event.siteId);
  return spaceMatch || siteMatch;
}
