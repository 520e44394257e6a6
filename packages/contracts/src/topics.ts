// Every Kafka topic of Quire, named once. The envelope topics' event types and data are declared in
// the schema modules next to this file (identity-events.ts, content-events.ts, …); proto/TOPICS.md
// is generated from them (npm run events:doc).

/** Facts identity announces (organizations, members, tokens, teams, SAML, invites). */
export const IDENTITY_TOPIC = 'identity.events' as const;
/** Facts content announces (spaces, collections, custom fields, revisions, change requests, comments). */
export const CONTENT_TOPIC = 'content.events' as const;
/** Facts sites announces (sites, share links, sections, section groups, site spaces). */
export const SITES_TOPIC = 'sites.events' as const;
/** Facts specs announces (OpenAPI specs, translation settings). */
export const SPECS_TOPIC = 'specs.events' as const;
/** Jobs specs gives itself: one message per OpenAPI source to process. */
export const SPECS_JOBS_TOPIC = 'specs.jobs' as const;
/** Jobs content gives itself: one message per Git Sync operation to run. */
export const CONTENT_JOBS_TOPIC = 'content.jobs' as const;
/**
 * Accepted visitor events on their way to the insights store. Not an event envelope: each message
 * holds up to 200 stored rows of one site as JSON lines (services/insights/src/domain/event-message.ts).
 */
export const INSIGHTS_EVENTS_TOPIC = 'insights.events' as const;
