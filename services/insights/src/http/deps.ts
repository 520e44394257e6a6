import type { ServiceContext } from '@quire/platform/runtime';
import type { InsightsAccessDeps } from '../policies/insights.policy';
import type { InsightsStore } from '../store/insights-store';

/** What the ingest route uses. */
export type EventsHttpDeps = Pick<ServiceContext, 'bus' | 'clock' | 'config'> & InsightsAccessDeps;

/** What the read routes use. */
export type InsightsQueryDeps = Pick<ServiceContext, 'clock'> & InsightsAccessDeps & { store: InsightsStore };
