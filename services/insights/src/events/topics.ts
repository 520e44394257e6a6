/** The bus topic of accepted visitor events, keyed by site id (one site's events stay in order). */
export const INSIGHTS_EVENTS_TOPIC = 'insights.events';
