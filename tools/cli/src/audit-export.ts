import { signAdminCall } from '@quire/access';
import { ADMIN_HEADER, AUDIT_EXPORT, AUDIT_EXPORT_PATH } from '@quire/platform/http';
import { UsageError } from './args';
import { resolveServiceConnection } from './connection';

// `audit export`: an organization's audit events over a time range as NDJSON (one
// AuditEventDetails per line, newest first) on stdout, following the export route's pages
// (insights' /internal/audit-events, signed like the dead-letter calls); progress on stderr.

const REQUEST_TIMEOUT_MS = 60_000;

interface ExportPage {
  items: unknown[];
  next?: { page: string };
}

function isoTime(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new UsageError(`--${flag} must be a date (2026-01-31) or an ISO 8601 date-time with its offset (2026-01-31T12:00:00Z)`);
  }
  return new Date(value).toISOString();
}

async function fetchPage(query: URLSearchParams): Promise<ExportPage> {
  const conn = resolveServiceConnection('insights');
  let res: Response;
  try {
    res = await fetch(`${conn.address}${AUDIT_EXPORT_PATH}?${query.toString()}`, {
      headers: { [ADMIN_HEADER]: signAdminCall(AUDIT_EXPORT, conn.secret) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new Error(`the insights service at ${conn.address} did not answer: ${(err as Error).message}`);
  }
  const answer = (await res.json().catch(() => null)) as (ExportPage & { error?: { message?: string } }) | null;
  if (!res.ok || !answer) throw new Error(`insights: ${answer?.error?.message ?? `HTTP ${res.status}`}`);
  return answer;
}

/** Writes a line, waiting when the reader (a pipe, a file) is behind. */
function writeLine(out: NodeJS.WritableStream, line: string): Promise<void> {
  return new Promise((resolve) => (out.write(line + '\n') ? resolve() : out.once('drain', resolve)));
}

/** Streams the events to `out`; prints nothing itself (the lines are the output). */
export async function exportAuditLog(flags: Record<string, string>, out: NodeJS.WritableStream, progress: (line: string) => void): Promise<string> {
  const from = isoTime('from', flags.from);
  const to = isoTime('to', flags.to);
  if (from && to && from > to) throw new UsageError('--from must not be after --to');
  const base = { organizationId: flags.org as string, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  let page: string | undefined;
  let written = 0;
  do {
    const answer = await fetchPage(new URLSearchParams({ ...base, ...(page ? { page } : {}) }));
    for (const item of answer.items) await writeLine(out, JSON.stringify(item));
    written += answer.items.length;
    progress(`audit export: ${written} events`);
    page = answer.next?.page;
  } while (page);
  progress(`audit export: done, ${written} events of ${flags.org}`);
  return '';
}
