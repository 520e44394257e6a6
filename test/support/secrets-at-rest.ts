import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { StackState } from './stack';

// Where a secret a test gave the API could have been written in clear: log files and databases.

/** Files under `dir` whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile() && readFileSync(full).includes(needle)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

/** Where `service`'s database holds `needle` in clear: the data directory's files (embedded), or the tables with a row that does (distributed). */
export async function databaseMentions(stack: StackState, service: string, needle: string): Promise<string[]> {
  if (stack.embedded) return filesContaining(stack.embedded.dataDir, needle);
  const db = new Client({ connectionString: (stack.localStack!.databaseUrls as Record<string, string>)[service] });
  await db.connect();
  try {
    const tables = (await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).rows.map((r) => r.name);
    const found: string[] = [];
    for (const table of tables) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM "${table}" t WHERE position($1 in t::text) > 0`, [needle]);
      if (rows[0].n > 0) found.push(table);
    }
    return found;
  } finally {
    await db.end();
  }
}
