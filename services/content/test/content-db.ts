import { join } from 'node:path';
import { COMMON_MIGRATIONS_DIR, createLogger, migrate, PgliteDatabase } from '@quire/common';

export const silentLogger = createLogger('test', 'silent');

/** An embedded Postgres with the common and content migrations applied. */
export async function openContentDb(): Promise<PgliteDatabase> {
  const db = await PgliteDatabase.open(undefined);
  await migrate(
    db,
    [
      { prefix: 'common', dir: COMMON_MIGRATIONS_DIR },
      { prefix: 'content', dir: join(__dirname, '..', 'migrations') },
    ],
    silentLogger,
  );
  return db;
}

/** The types of the events written to the outbox with `key`, oldest first. */
export async function outboxTypes(db: PgliteDatabase, key: string): Promise<string[]> {
  const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE key = $1 ORDER BY seq', [key]);
  return rows.map((r) => (JSON.parse(r.payload) as { type: string }).type);
}
