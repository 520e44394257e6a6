import type { ReceivedMessage } from '../bus/bus';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '../sql/database';
import { sql, type Selectable } from 'kysely';
import { typedSql } from '../sql/kysely';
import type { Database, DeadLettersTable } from '../sql/platform-database';

// The dead_letters table (migrations/003_dead_letters.sql): the only SQL of dead letters.

export type DeadLetterStatus = 'parked' | 'replayed';

/** A parked (or replayed) message as the admin route and the CLI show it. */
export interface DeadLetter {
  id: string;
  consumer: string;
  topic: string;
  partition: number | null;
  offset: number | null;
  key: string;
  value: string;
  error: string;
  firstFailedAt: string;
  lastFailedAt: string;
  attempts: number;
  status: DeadLetterStatus;
  replayedAt: string | null;
}

const table = (db: SqlExecutor) => typedSql<Database>(db);

export interface DeadLetterFilter {
  consumer?: string;
  status?: DeadLetterStatus;
  limit?: number;
}

/** Error texts can echo the bad value: keep them storable (no NUL) and short. */
export function storableText(text: string, max = 2000): string {
  const clean = text.replace(/\u0000/g, '\\u0000');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function present(row: Selectable<DeadLettersTable>): DeadLetter {
  return {
    id: row.id,
    consumer: row.consumer,
    topic: row.topic,
    partition: row.kafka_partition,
    offset: row.kafka_offset === null ? null : Number(row.kafka_offset),
    key: row.message_key,
    value: Buffer.from(row.message_value).toString('utf8'),
    error: row.error,
    firstFailedAt: row.first_failed_at.toISOString(),
    lastFailedAt: row.last_failed_at.toISOString(),
    attempts: row.attempts,
    // Only 'parked' (the column's default) and 'replayed' (markReplayed) are ever written.
    status: row.status as DeadLetterStatus,
    replayedAt: row.replayed_at && row.replayed_at.toISOString(),
  };
}

/** The message as the consumer received it, for a replay. */
export function receivedMessageOf(letter: DeadLetter): ReceivedMessage {
  return {
    topic: letter.topic,
    key: letter.key,
    value: letter.value,
    ...(letter.partition !== null && letter.offset !== null ? { partition: letter.partition, offset: letter.offset } : {}),
  };
}

/**
 * Parks a message; returns true when it was new. A message parked again (redelivered after a
 * crash before its offset was committed, or the same message again on the in-process bus, which
 * has no offsets) counts one more attempt on its parked row instead of adding a row.
 */
export async function parkMessage(db: SqlExecutor, consumer: string, message: ReceivedMessage, error: string): Promise<boolean> {
  const value = Buffer.from(message.value, 'utf8');
  const partition = message.partition ?? null;
  const offset = message.offset ?? null;
  const again = await table(db)
    .updateTable('dead_letters')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), error: storableText(error), last_failed_at: sql<Date>`now()` }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('dead_letters')
        .select('id')
        .where('consumer', '=', consumer)
        .where('topic', '=', message.topic)
        .where('kafka_partition', 'is not distinct from', partition)
        .where('kafka_offset', 'is not distinct from', offset)
        .where('status', '=', 'parked' satisfies DeadLetterStatus)
        .where('message_value', '=', value)
        .limit(1),
    )
    .returning('id')
    .executeTakeFirst();
  if (again) return false;
  await table(db)
    .insertInto('dead_letters')
    .values({
      id: newId(),
      consumer,
      topic: message.topic,
      kafka_partition: partition,
      kafka_offset: offset,
      message_key: storableText(message.key, 1000),
      message_value: value,
      error: storableText(error),
      first_failed_at: sql<Date>`now()`,
      last_failed_at: sql<Date>`now()`,
    })
    .execute();
  return true;
}

/** Oldest first, at most `limit` (default 100). */
export async function listDeadLetters(db: SqlExecutor, filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
  let query = table(db).selectFrom('dead_letters').selectAll();
  if (filter.consumer !== undefined) query = query.where('consumer', '=', filter.consumer);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const rows = await query
    .orderBy('first_failed_at')
    .orderBy('id')
    .limit(filter.limit ?? 100)
    .execute();
  return rows.map(present);
}

export async function findDeadLetter(db: SqlExecutor, id: string): Promise<DeadLetter | null> {
  const row = await table(db).selectFrom('dead_letters').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? present(row) : null;
}

export async function markReplayed(db: SqlExecutor, id: string): Promise<void> {
  await table(db)
    .updateTable('dead_letters')
    .set({ status: 'replayed' satisfies DeadLetterStatus, replayed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function recordFailedReplay(db: SqlExecutor, id: string, error: string): Promise<void> {
  await table(db)
    .updateTable('dead_letters')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), error: storableText(error), last_failed_at: sql<Date>`now()` }))
    .where('id', '=', id)
    .execute();
}
