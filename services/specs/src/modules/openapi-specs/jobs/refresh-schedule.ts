import type { Logger } from '@quire/platform/logger';
import type { SqlDatabase } from '@quire/platform/sql';
import { claimDueRefreshes } from '../store/openapi-specs.store';
import { refreshSpec } from '../application/refresh-spec';
import type { SpecSchedule } from '../domain/spec-sources';

const TICK_MS = 60_000;
const BATCH = 100;

/**
 * Re-fetches URL-sourced specs every `refreshIntervalMs` (off when null). Due specs are claimed in
 * the database (FOR UPDATE SKIP LOCKED), so replicas never refresh one spec twice; each refresh is
 * a processing job like a PUT of the same URL, and makes a version only if the content changed.
 */
export function startRefreshSchedule(deps: { db: SqlDatabase; logger: Logger; clock: () => Date }, schedule: SpecSchedule): () => void {
  const interval = schedule.refreshIntervalMs;
  if (!interval) return () => undefined;
  const tick = async () => {
    const now = deps.clock();
    const due = await deps.db.transaction((tx) => claimDueRefreshes(tx, now, new Date(now.getTime() + interval), BATCH));
    for (const spec of due) await refreshSpec(deps.db, spec, schedule, now);
    if (due.length > 0) deps.logger.info({ specs: due.length }, 'scheduled OpenAPI spec refreshes queued');
  };
  const timer = setInterval(
    () => void tick().catch((err: Error) => deps.logger.warn({ err: err.message }, 'scheduled OpenAPI spec refresh failed')),
    Math.min(interval, TICK_MS),
  );
  timer.unref();
  return () => clearInterval(timer);
}
