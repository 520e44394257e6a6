import { quoteIdent as ident, type PgliteInstance } from './pglite';

/**
 * Copies every table and sequence value of the `public` schema of `source` into `schema` of
 * `target`, replacing what that schema's tables held. Both must be migrated to the same version
 * first. One transaction on the target, rows moved with COPY (Postgres's own text format, so
 * every type round-trips); triggers and foreign-key checks are off during the copy because the
 * rows are already consistent and derived columns are copied, not recomputed.
 */
export async function copyPublicSchema(source: PgliteInstance, target: PgliteInstance, schema: string): Promise<{ tables: number; rows: number }> {
  const tables = await source.inSchema('public', async () => {
    const { rows } = await source.db.query<{ table_name: string; columns: string[] }>(
      `SELECT c.table_name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
        GROUP BY c.table_name ORDER BY c.table_name`,
    );
    return rows;
  });
  const sequences = await source.inSchema('public', async () => {
    const { rows } = await source.db.query<{ sequencename: string; last_value: number | null }>(
      `SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public'`,
    );
    return rows;
  });

  let copied = 0;
  await target.inSchema(schema, () =>
    target.db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL session_replication_role = replica`);
      if (tables.length) await tx.exec(`TRUNCATE ${tables.map((t) => ident(t.table_name)).join(', ')}`);
      for (const { table_name, columns } of tables) {
        const list = `${ident(table_name)} (${columns.map(ident).join(', ')})`;
        const out = await source.inSchema('public', () => source.db.query(`COPY ${list} TO '/dev/blob'`));
        if (!out.blob) continue;
        const into = await tx.query(`COPY ${list} FROM '/dev/blob'`, [], { blob: out.blob });
        copied += into.affectedRows ?? 0;
      }
      for (const { sequencename, last_value } of sequences) {
        if (last_value !== null) await tx.query('SELECT setval($1::regclass, $2)', [`${ident(schema)}.${ident(sequencename)}`, last_value]);
      }
    }),
  );
  return { tables: tables.length, rows: copied };
}
