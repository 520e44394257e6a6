import type { Logger } from '@quire/platform/logger';
import type { Clock } from '@quire/platform/runtime';
import type { SqlDatabase } from '@quire/platform/sql';
import { deleteAuditEventsBefore } from '../store/audit-events.store';

const DAY_MS = 24 * 3600 * 1000;

/** The first instant kept at `now`: the start of the month `months` before the current one (insights' window). */
export function auditRetentionCutoff(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

/** Drops records older than the window at start and then daily; a failure is logged and tried the next day. */
export function startAuditRetention(deps: { db: SqlDatabase; logger: Logger; clock: Clock }, months: number): { stop(): void } {
  const run = async () => {
    try {
      const deleted = await deleteAuditEventsBefore(deps.db, auditRetentionCutoff(deps.clock(), months));
      if (deleted > 0) deps.logger.info({ deleted }, 'audit events past retention deleted');
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'audit retention failed; it runs again tomorrow');
    }
  };
  void run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
