// Retention, the same for both stores: events are kept by whole months. ClickHouse 18.16 has no
// TTL, so whole monthly partitions (toYYYYMM(timestamp)) are dropped once they are entirely older
// than the window; the embedded store deletes the same rows. The window keeps the longest query
// range (lastYear) plus the month in progress (settings.ts holds the window).

import { INSIGHTS_DEFAULTS } from '../../../settings';

export const RETENTION_MONTHS = INSIGHTS_DEFAULTS.retentionMonths;

/** Partition ids (YYYYMM) whose month ended before the first month kept at `now`. */
export function expiredPartitions(partitions: readonly string[], now: Date, retentionMonths = RETENTION_MONTHS): string[] {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const firstKept = current - retentionMonths;
  return partitions.filter((p) => {
    if (!/^\d{6}$/.test(p)) return false;
    const month = Number(p.slice(0, 4)) * 12 + (Number(p.slice(4)) - 1);
    return month < firstKept;
  });
}

/** Unix seconds of the start of the first month kept at `now`: older events are expired. */
export function retentionCutoff(now: Date, retentionMonths = RETENTION_MONTHS): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths, 1) / 1000;
}
