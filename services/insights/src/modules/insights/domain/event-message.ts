import type { InsightsEventRow } from '../model/event-row';

// How accepted events travel on `insights.events`: one message per ingest chunk, holding rows of
// one site as JSON lines. The Kafka client's per-message costs (encoding, checksums, offsets) are
// then paid once per chunk instead of once per event, on both the producing and consuming side.

/** Rows per message: a full chunk stays far below the broker's 1 MB message limit. */
export const ROWS_PER_MESSAGE = 200;

export function encodeEventRows(rows: readonly InsightsEventRow[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n');
}

/**
 * The readable rows of a message, the same rows as JSON lines (the message itself when every line
 * is readable, so a store can take them without encoding them again), and how many lines could
 * not be read.
 */
export function decodeEventRows(value: string): { rows: InsightsEventRow[]; jsonLines: string; unreadable: number } {
  const rows: InsightsEventRow[] = [];
  const lines = value.split('\n');
  let unreadable = 0;
  for (const line of lines) {
    const row = parseRow(line);
    if (row) rows.push(row);
    else unreadable++;
  }
  const jsonLines = unreadable === 0 ? value : lines.filter((line) => parseRow(line)).join('\n');
  return { rows, jsonLines, unreadable };
}

function parseRow(line: string): InsightsEventRow | null {
  try {
    const row = JSON.parse(line) as Partial<InsightsEventRow>;
    return typeof row.event_id === 'string' && typeof row.site_id === 'string' && typeof row.timestamp === 'number' ? (row as InsightsEventRow) : null;
  } catch {
    return null;
  }
}
