import type * as Pg from 'pg';
import type { Logger } from '../logger';
import { CommitSignals } from './commit-signals';
import type { QueryResult, SqlDatabase, SqlExecutor } from './database';

// Required when the first pool is made, not when the package index loads this file: embedded mode
// runs PGlite and never needs node-postgres at start.
let pg: typeof Pg | undefined;
function loadPg(): typeof Pg {
  if (pg) return pg;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  pg = require('pg') as typeof Pg;
  // Counts come back as int8; they fit in a JS number here, so parse them as numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  return pg;
}

export class PostgresDatabase implements SqlDatabase {
  private readonly pool: Pg.Pool;
  private readonly signals = new CommitSignals();

  constructor(connectionString: string, logger: Logger, options: { max?: number } = {}) {
    this.pool = new (loadPg().Pool)({
      connectionString,
      max: options.max ?? 10,
      // Fail fast when Postgres is down: a request gets a 503 instead of hanging.
      connectionTimeoutMillis: 2000,
      query_timeout: 15000,
      idleTimeoutMillis: 30000,
    });
    this.pool.on('error', (err) => logger.warn({ err: err.message }, 'postgres idle client error'));
  }

  async query<R>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
    const result = await this.pool.query(text, params);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  async exec(script: string): Promise<void> {
    await this.pool.query(script);
  }

  signal(channel: string): void {
    this.signals.deliver([channel]);
  }

  onSignal(channel: string, listener: () => void): void {
    this.signals.on(channel, listener);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const raised = new Set<string>();
    const tx: SqlExecutor = {
      query: async <R>(text: string, params: unknown[] = []) => {
        const result = await client.query(text, params);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
      },
      exec: async (script: string) => {
        await client.query(script);
      },
      signal: (channel: string) => {
        raised.add(channel);
      },
    };
    try {
      await client.query('BEGIN');
      const value = await fn(tx);
      await client.query('COMMIT');
      this.signals.deliver(raised);
      return value;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
