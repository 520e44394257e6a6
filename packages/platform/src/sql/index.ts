// The SQL port and its helpers; the drivers are their own entries (sql/postgres, sql/pglite), so
// a store that only types its database loads neither pg nor PGlite.
export * from './database';
export { migrate, COMMON_MIGRATIONS_DIR } from './migrate';
export { containsPattern } from './patterns';
export { CommitSignals } from './commit-signals';
export { typedSql, pagedSelect, type Paged } from './kysely';
export * from './column-types';
