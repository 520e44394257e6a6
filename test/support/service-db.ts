import { ApiError } from '@quire/errors';
import { createLogger } from '@quire/platform/logger';
import { COMMON_MIGRATIONS_DIR, migrate } from '@quire/platform/sql';
import { PgliteDatabase } from '@quire/platform/sql/pglite';

// Embedded Postgres for a service's domain and store tests: the common migrations and the service's own.

export const silentLogger = createLogger('test', 'silent');

export async function openServiceDb(service: string, migrationsDir: string): Promise<PgliteDatabase> {
  const db = await PgliteDatabase.open(undefined);
  await migrate(
    db,
    [
      { prefix: 'common', dir: COMMON_MIGRATIONS_DIR },
      { prefix: service, dir: migrationsDir },
    ],
    silentLogger,
  );
  return db;
}

/** The types of the events written to the outbox with `key`, oldest first. */
export async function outboxEventTypes(db: PgliteDatabase, key: string): Promise<string[]> {
  const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE key = $1 ORDER BY seq', [key]);
  return rows.map((r) => (JSON.parse(r.payload) as { type: string }).type);
}

/** Asserts that a domain call fails with an ApiError of this code whose message matches. */
export async function expectApiError(promise: Promise<unknown>, code: number, message: RegExp): Promise<void> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect({ code: (err as ApiError).code, message: (err as ApiError).message }).toEqual({ code, message: expect.stringMatching(message) });
}
