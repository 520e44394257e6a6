import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

/**
 * What one insights process runs (INSIGHTS_ROLE, distributed mode): `api` serves ingest and
 * aggregates over HTTP and gRPC and consumes nothing; `consumer` only moves `insights.events` into
 * the store (HTTP for /healthz, /readyz and /metrics; no gRPC), so each scales on its own; `all`
 * does both in one process (embedded mode, and a deployment that has not split them).
 */
export const INSIGHTS_ROLES = ['api', 'consumer', 'all'] as const;
export type InsightsRole = (typeof INSIGHTS_ROLES)[number];

/** Insights' settings and their one set of defaults. */
export const INSIGHTS_DEFAULTS = {
  role: 'all' as InsightsRole,
  /**
   * Events are kept by whole months, the same in both stores and at ingest (older timestamps are
   * refused): the longest query range (lastYear) plus the month in progress.
   */
  retentionMonths: 13,
  /** The audit log keeps the same window (docs/audit-log.md, Retention). */
  auditRetentionMonths: 13,
};

export interface InsightsSettings {
  /** Distributed mode: the ClickHouse HTTP endpoint (with the database in the path) that stores events. */
  clickhouseUrl?: string;
  role: InsightsRole;
  /** Months of audit events kept (whole months, as insights' events). */
  auditRetentionMonths?: number;
  /** False (AUDIT_LOG=off): nothing new is recorded; the routes answer what was. The bench's baseline. */
  auditLog?: boolean;
}

/** AUDIT_LOG (on|off) and AUDIT_RETENTION_MONTHS: read in both modes (embedded passes them to the module too). */
export function auditSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): { auditLog: boolean; auditRetentionMonths: number } {
  const e = readEnv(
    z.object({
      AUDIT_LOG: z.enum(['on', 'off']).default('on'),
      AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(INSIGHTS_DEFAULTS.auditRetentionMonths),
    }),
    env,
  );
  return { auditLog: e.AUDIT_LOG === 'on', auditRetentionMonths: e.AUDIT_RETENTION_MONTHS };
}

/** CLICKHOUSE_URL (required: distributed mode stores events in ClickHouse), INSIGHTS_ROLE and the audit log's settings. */
export function insightsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): Required<InsightsSettings> {
  const e = readEnv(z.object({ CLICKHOUSE_URL: z.string().url(), INSIGHTS_ROLE: z.enum(INSIGHTS_ROLES).default(INSIGHTS_DEFAULTS.role) }), env);
  return { clickhouseUrl: e.CLICKHOUSE_URL, role: e.INSIGHTS_ROLE, ...auditSettingsFromEnv(env) };
}
