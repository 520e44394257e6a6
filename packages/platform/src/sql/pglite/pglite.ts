import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { CommitSignals } from '../commit-signals';
import type { QueryResult, SqlDatabase, SqlExecutor } from '../database';
import { copyPgliteTemplate } from './pglite-template';

/**
 * Postgres settings of the embedded server. Its buffers cost resident memory in the one Quire
 * process while the OS page cache already holds the files; 128 MB (Postgres's default) was the
 * largest single share of the embedded footprint.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * One embedded Postgres (WASM) with its files under one directory. Embedded Quire opens one and
 * gives each service a schema of it: each service still owns its tables and migrations, and
 * nothing joins across schemas. PGlite runs one statement at a time on one session, so the views
 * take turns here: a view's statement (or whole transaction) runs with that view's search_path,
 * set on the session only when the turn passes to another schema.
 */
export class PgliteInstance {
  private turn: Promise<unknown> = Promise.resolve();
  private searchPath = '';

  private constructor(
    readonly db: PGlite,
    /** The throwaway directory of a database opened without one, removed on close. */
    private readonly scratchDir?: string,
  ) {}

  /**
   * Opens the database in `dataDir`, copied from the template when new. Without one (tests, the
   * schema-types tool) the database is a throwaway copy of the template in a temporary directory:
   * an in-memory PGlite would run initdb in WASM, several seconds of CPU per database opened.
   */
  static async open(dataDir: string | undefined): Promise<PgliteInstance> {
    let scratchDir: string | undefined;
    if (dataDir === undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'quire-pglite-'));
      if (copyPgliteTemplate(dir)) dataDir = scratchDir = dir;
      else rmSync(dir, { recursive: true, force: true });
    } else if (!existsSync(join(dataDir, 'PG_VERSION'))) copyPgliteTemplate(dataDir);
    const db = await PGlite.create({
      dataDir,
      startParams: START_PARAMS,
      parsers: { [types.INT8]: (v: string) => Number(v) },
    });
    return new PgliteInstance(db, scratchDir);
  }

  /** The view of `schema` (created if missing): a service's database in embedded mode. */
  async schema(schema: string): Promise<PgliteDatabase> {
    await this.inSchema('public', () => this.db.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`));
    return new PgliteDatabase(this, schema, false);
  }

  /** Runs `fn` alone on the session with `schema` first on the search_path. */
  inSchema<T>(schema: string, fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(async () => {
      if (this.searchPath !== schema) {
        // Outside any transaction: the setting stays for the session, a rollback cannot undo it.
        await this.db.exec(`SET search_path TO ${quoteIdent(schema)}`);
        this.searchPath = schema;
      }
      return fn();
    });
    this.turn = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.turn;
    await this.db.close();
    if (this.scratchDir) rmSync(this.scratchDir, { recursive: true, force: true });
  }
}

/** A service's database on a PgliteInstance: its own schema, its own commit signals. */
export class PgliteDatabase implements SqlDatabase {
  private readonly signals = new CommitSignals();
  /** PGlite is open in this process only: every commit raises its signals here. */
  readonly seesEveryWrite = true;

  constructor(
    readonly instance: PgliteInstance,
    readonly schemaName: string,
    private readonly ownsInstance: boolean,
  ) {}

  /** A whole instance with one view of its public schema (tests; a service on its own). */
  static async open(dataDir: string | undefined): Promise<PgliteDatabase> {
    return new PgliteDatabase(await PgliteInstance.open(dataDir), 'public', true);
  }

  query<R>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
    return this.instance.inSchema(this.schemaName, async () => {
      const result = await this.instance.db.query<R>(text, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    });
  }

  async exec(script: string): Promise<void> {
    await this.instance.inSchema(this.schemaName, () => this.instance.db.exec(script));
  }

  signal(channel: string): void {
    this.signals.deliver([channel]);
  }

  onSignal(channel: string, listener: () => void): void {
    this.signals.on(channel, listener);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const raised = new Set<string>();
    const value = await this.instance.inSchema(this.schemaName, () =>
      this.instance.db.transaction(async (t) =>
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
      ),
    );
    this.signals.deliver(raised);
    return value;
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  /** Closes the instance only when this view opened it; a shared instance is closed by its owner. */
  async close(): Promise<void> {
    if (this.ownsInstance) await this.instance.close();
  }
}

/** A schema name as an SQL identifier (the names are ours, but quoting keeps that an assumption). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
