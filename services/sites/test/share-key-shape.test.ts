import type { SqlExecutor } from '@quire/platform/sql';
import { resolveShareKey } from '../src/modules/sites/application/resolve-share-key';

// A share key from a visitor's URL (`?share_key=…`) that is not a key's shape is no key: it never
// reaches the database (a NUL there was a Postgres error, so a 503 page; found by the reader's
// route fuzzing).

const noDatabase = {
  query: () => {
    throw new Error('the database is not asked');
  },
} as unknown as SqlExecutor;
const site = { id: 's1', visibility: 'share-link' as const };

it.each(['\u0000', 'a\u0000b', '<script>', 'a.b.c', 'k'.repeat(129), 'ключ', ' key'])('is no key for %j, without a query', async (key) => {
  await expect(resolveShareKey(noDatabase, site, key)).resolves.toBeNull();
});

it('asks the database about a key of the right shape', async () => {
  const db = { query: async () => ({ rows: [{ '?column?': 1 }], rowCount: 1 }) } as unknown as SqlExecutor;
  await expect(resolveShareKey(db, site, 'AbC123')).resolves.toBe('AbC123');
});
