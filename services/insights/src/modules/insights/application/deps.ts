import type { Principal } from '@quire/access';
import type { ServiceContext } from '@quire/platform/runtime';
import type { InsightsAccessDeps } from '../policies/insights.policy';
import type { InsightsStore } from '../store/insights-store';

/** What ingest uses: the bus it publishes accepted events to. */
export type TrackEventsDeps = Pick<ServiceContext, 'bus' | 'clock' | 'config'> & InsightsAccessDeps;

/** What the reads use: the store they aggregate. */
export type InsightsQueryDeps = Pick<ServiceContext, 'clock'> & InsightsAccessDeps & { store: InsightsStore };

/** Who calls a use case: the authenticated principal. */
export type Caller = Pick<Principal, 'userId'>;
