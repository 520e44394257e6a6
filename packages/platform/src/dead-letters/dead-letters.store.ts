import type { ReceivedMessage } from '../bus/bus';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '../sql/database';
import { queryOne, queryRows } from '../sql/typed';

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

interface DeadLetterRow {
  id: string;
  consumer: string;
  topic: string;
  kafka_partition: number | null;
  kafka_offset: number | string | null;
  message_key: string;
  message_value: Uint8Array;
  error: string;
  first_failed_at: Date | string;
  last_failed_at: Date | string;
  attempts: number;
  status: DeadLetterStatus;
  replayed_at: Date | string | null;
}

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

function isoTime(value: Date | string): string;
function isoTime(value: Date | string | null): string | null;
function isoTime(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function present(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    consumer: row.consumer,
    topic: row.topic,
    partition: row.kafka_partition,
    offset: row.kafka_offset === null ? null : Number(row.kafka_offset),
    key: row.message_key,
    value: Buffer.from(row.message_value).toString('utf8'),
    error: row.error,
    firstFailedAt: isoTime(row.first_failed_at),
    lastFailedAt: isoTime(row.last_failed_at),
    attempts: row.attempts,
    status: row.status,
    replayedAt: isoTime(row.replayed_at),
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
  const again = await queryOne<{ id: string }>(
    db,
    `UPDATE dead_letters SET attempts = attempts + 1, error = $6, last_failed_at = now()
      WHERE id = (SELECT id FROM dead_letters
        WHERE consumer = $1 AND topic = $2 AND kafka_partition IS NOT DISTINCT FROM $3 AND kafka_offset IS NOT DISTINCT FROM $4
          AND status = 'parked' AND message_value = $5
        LIMIT 1)
      RETURNING id`,
    [consumer, message.topic, partition, offset, value, storableText(error)],
  );
  if (again) return false;
  await db.query(
    `INSERT INTO dead_letters (id, consumer, topic, kafka_partition, kafka_offset, message_key, message_value, error, first_failed_at, last_failed_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), now())`,
    [newId(), consumer, message.topic, partition, offset, storableText(message.key, 1000), value, storableText(error)],
  );
  return true;
}

/** Oldest first, at most `limit` (default 100). */
export async function listDeadLetters(db: SqlExecutor, filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
  const rows = await queryRows<DeadLetterRow>(
    db,
    `SELECT * FROM dead_letters
      WHERE ($1::text IS NULL OR consumer = $1) AND ($2::text IS NULL OR status = $2)
      ORDER BY first_failed_at, id LIMIT $3`,
    [filter.consumer ?? null, filter.status ?? null, filter.limit ?? 100],
  );
  return rows.map(present);
}

export async function findDeadLetter(db: SqlExecutor, id: string): Promise<DeadLetter | null> {
  const row = await queryOne<DeadLetterRow>(db, 'SELECT * FROM dead_letters WHERE id = $1', [id]);
  return row ? present(row) : null;
}

export async function markReplayed(db: SqlExecutor, id: string): Promise<void> {
  await db.query(`UPDATE dead_letters SET status = 'replayed', replayed_at = now() WHERE id = $1`, [id]);
}

export async function recordFailedReplay(db: SqlExecutor, id: string, error: string): Promise<void> {
  await db.query('UPDATE dead_letters SET attempts = attempts + 1, error = $2, last_failed_at = now() WHERE id = $1', [id, storableText(error)]);
}
