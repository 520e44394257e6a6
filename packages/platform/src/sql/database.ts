// The SQL port: Postgres (pg) in distributed mode, PGlite in embedded mode, one interface.
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlExecutor {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Raises `channel` for this unit of work: its listeners run after the transaction commits (at
   * once outside a transaction), never when it rolls back.
   */
  signal(channel: string): void;
}

export interface SqlDatabase extends SqlExecutor {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Listens to a channel raised by committed units of work on this database. */
  onSignal(channel: string, listener: () => void): void;
  /**
   * Every write to this database goes through this object (embedded mode's PGlite, which one
   * process opens), so its signals see every commit and nothing needs polling for another writer's.
   */
  readonly seesEveryWrite?: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}
