/** The bus topic of accepted visitor events, keyed by site id (one site's events stay in order); named in common. */
export { INSIGHTS_EVENTS_TOPIC } from '@quire/contracts';
