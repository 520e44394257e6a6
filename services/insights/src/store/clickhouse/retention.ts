// Retention: ClickHouse 18.16 has no TTL, so whole monthly partitions (toYYYYMM(timestamp)) are
// dropped once they are entirely older than the window. The window keeps the longest query range
// (lastYear) plus the month in progress.

export const RETENTION_MONTHS = 13;

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
