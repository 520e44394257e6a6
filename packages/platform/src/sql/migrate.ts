import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger';
import type { SqlDatabase } from './database';
import { sql } from 'kysely';
import { typedSql } from './kysely';
import type { Database } from './platform-database';

/** The migrations every service shares (outbox, processed events), applied before its own. */
export const COMMON_MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

// Any constant works; it only has to be the same for every replica of a service.
const MIGRATION_LOCK_KEY = 7_240_113;

/**
 * Applies numbered `NNN_name.sql` files from each folder in order, once each, all pending files in
 * one transaction under an advisory lock: two copies starting together do not race (the second
 * waits, then finds them applied), and a failing file leaves none of them applied.
 */
export async function migrate(db: SqlDatabase, folders: { prefix: string; dir: string }[], logger: Logger): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    const table = typedSql<Database>(tx);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(table);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const done = new Set((await table.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    for (const { prefix, dir } of folders) {
      const files = readdirSync(dir)
        .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
        .sort();
      for (const file of files) {
        const name = `${prefix}/${file}`;
        if (done.has(name)) continue;
        await tx.exec(readFileSync(join(dir, file), 'utf8'));
        await table.insertInto('schema_migrations').values({ name }).execute();
        applied.push(name);
        logger.info({ migration: name }, 'migration applied');
      }
    }
  });
  return applied;
}
