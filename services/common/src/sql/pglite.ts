import { PGlite, types } from '@electric-sql/pglite';
import { CommitSignals } from './commit-signals';
import type { QueryResult, SqlDatabase, SqlExecutor } from './database';

/** Embedded Postgres (WASM) with its files under one directory; same SQL as the real server. */
export class PgliteDatabase implements SqlDatabase {
  private readonly signals = new CommitSignals();

  private constructor(private readonly db: PGlite) {}

  static async open(dataDir: string | undefined): Promise<PgliteDatabase> {
    const db = await PGlite.create({ dataDir, parsers: { [types.INT8]: (v: string) => Number(v) } });
    return new PgliteDatabase(db);
  }

  async query<R>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
    const result = await this.db.query<R>(text, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  }

  async exec(script: string): Promise<void> {
    await this.db.exec(script);
  }

  signal(channel: string): void {
    this.signals.deliver([channel]);
  }

  onSignal(channel: string, listener: () => void): void {
    this.signals.on(channel, listener);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const raised = new Set<string>();
    const value = await this.db.transaction(async (t) =>
      fn({
        query: async <R>(text: string, params: unknown[] = []) => {
          const result = await t.query<R>(text, params);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        },
        exec: async (script: string) => {
          await t.exec(script);
        },
        signal: (channel: string) => {
          raised.add(channel);
        },
      }),
    );
    this.signals.deliver(raised);
    return value;
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
