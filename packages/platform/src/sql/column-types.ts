// The column types of the generated table types (src/database.ts of each service): what the port
// answers on read and what a store passes on write.
import type { ColumnType } from 'kysely';

export type { ColumnType, Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
export { sql } from 'kysely';

/** TIMESTAMPTZ: read as a Date (both drivers), written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** JSON/JSONB: read parsed, written as JSON text (a store stringifies what it writes). */
export type Json = ColumnType<unknown, string, string>;

/** A column with a default: optional on insert. Unlike Kysely's own, it keeps a wrapped type's read type. */
export type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

/** A column the database computes: read only. */
export type GeneratedAlways<T> = T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;
