import { ADDED_COLUMN_DEFAULTS, type InsightsEventRow } from '../model/event-row';

// How accepted events travel on `insights.events`: one message per ingest chunk, holding rows of
// one site as JSON lines. The Kafka client's per-message costs (encoding, checksums, offsets) are
// then paid once per chunk instead of once per event, on both the producing and consuming side.
//
// A line leaves out the columns that hold their type's default ('', 0, an empty list): a page view
// fills fewer than half of its 49 columns, so its line is about 670 bytes instead of 1,160, and every
// byte is checksummed and copied by the producer, written by the broker and fetched by the consumer.
// ClickHouse fills a column a JSONEachRow line leaves out with its default, which for these columns
// is the type's default on every version (18.16 takes the type's, later ones the column's DEFAULT,
// the same here); reading a line back fills them the same way. A whole line from an older build
// reads as before.

/** Rows per message: a full chunk stays far below the broker's 1 MB message limit. */
export const ROWS_PER_MESSAGE = 200;

/**
 * Columns always written: the row's identity; `display_context`, whose stored DEFAULT ('site') is
 * not its type's; `geo_h3`, a number in ClickHouse written as text ('0' when unknown).
 */
type AlwaysWritten = 'event_id' | 'organization_id' | 'site_id' | 'type' | 'timestamp' | 'ingested_at' | 'display_context' | 'geo_h3';
type Omittable = Exclude<keyof InsightsEventRow, AlwaysWritten>;

const { display_context: _context, geo_h3: _cell, ...ADDED_TYPE_DEFAULTS } = ADDED_COLUMN_DEFAULTS;

/** Each column a line may leave out, with its type's default (what ClickHouse and the reader of a line fill in). */
const TYPE_DEFAULTS: { readonly [K in Omittable]: InsightsEventRow[K] | readonly never[] } = {
  visitor_id: '',
  session_id: '',
  visitor_hash: '',
  url: '',
  referrer: '',
  language: '',
  site_section: '',
  site_space: '',
  site_share_key: '',
  space: '',
  revision: '',
  page: '',
  country: '',
  browser: '',
  os: '',
  device: '',
  is_bot: 0,
  visitor_claims: '',
  properties: '',
  // The columns added later, whose stored defaults are their type's (display_context and geo_h3 are always written).
  ...ADDED_TYPE_DEFAULTS,
};
const OMITTABLE_COLUMNS = Object.keys(TYPE_DEFAULTS) as Omittable[];
const OMITTABLE: ReadonlySet<string> = new Set(OMITTABLE_COLUMNS);

function isTypeDefault(value: unknown): boolean {
  return value === '' || value === 0 || (Array.isArray(value) && value.length === 0);
}

export function encodeEventRows(rows: readonly InsightsEventRow[]): string {
  return rows.map(encodeRow).join('\n');
}

function encodeRow(row: InsightsEventRow): string {
  const written: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) if (!(OMITTABLE.has(column) && isTypeDefault(value))) written[column] = value;
  return JSON.stringify(written);
}

/**
 * A line's row with the columns it left out filled in, on the parsed object itself: spreading the
 * defaults into a new object cost 60 µs a row in V8, against 1 µs for this.
 */
function withDefaults(row: Partial<InsightsEventRow>): InsightsEventRow {
  const filled = row as Record<string, unknown>;
  for (const column of OMITTABLE_COLUMNS) {
    if (filled[column] !== undefined) continue;
    const value = TYPE_DEFAULTS[column];
    filled[column] = typeof value === 'object' ? [] : value;
  }
  return filled as unknown as InsightsEventRow;
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
    return typeof row.event_id === 'string' && typeof row.site_id === 'string' && typeof row.timestamp === 'number' ? withDefaults(row) : null;
  } catch {
    return null;
  }
}
