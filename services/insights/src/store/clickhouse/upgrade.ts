import { createClient } from '@clickhouse/client';
import { addColumnsStatement, EVENTS_TABLE } from './schema';

// Brings a table created by an older build up to the current columns. ClickHouse 18.16 has no
// `ADD COLUMN IF NOT EXISTS`, so the columns the table has are read first and only the missing
// ones are added: running it again changes nothing. It runs after ClickHouseStore.migrate (which
// creates the table when there is none, with every column already).

/** Adds the missing columns of the events table at `url` (database in the path); returns the ALTER run, if any. */
export async function upgradeEventsTable(url: string): Promise<string | null> {
  const client = createClient({ url });
  try {
    const result = await client.query({
      query: `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '${EVENTS_TABLE}'`,
      format: 'JSONEachRow',
    });
    const existing = new Set((await result.json<{ name: string }>()).map((c) => c.name));
    const statement = addColumnsStatement(existing);
    if (statement) await client.command({ query: statement });
    return statement;
  } finally {
    await client.close();
  }
}
