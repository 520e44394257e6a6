import { AsyncLocalStorage } from 'node:async_hooks';
import { createLogger } from '../src/logger';
import { apiActor, enqueueRawEvent, runAsActor, stopTrackingActors } from '../src/outbox';
import { migrate, COMMON_MIGRATIONS_DIR } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';

// A process whose services write no events stops tracking actors (distributed mode's reader,
// insights and webhooks): flows run as they are, and an event written anyway fails loudly instead
// of going out as Quire's own.

const logger = createLogger('test', 'silent');
let db: PgliteDatabase;

beforeAll(async () => {
  db = await PgliteDatabase.open(undefined);
  await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], logger);
  stopTrackingActors();
});
afterAll(() => db.close());

describe('a process that stopped tracking actors', () => {
  it('runs a flow as it is and answers what it answers, across awaits', async () => {
    const entered = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    const answer = await runAsActor(apiActor({ userId: 'u1', tokenId: 't1' }, 'req-1'), async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    });
    expect(answer).toBe(42);
    // No storage was entered, so Node runs no hook per promise for it.
    expect(entered).not.toHaveBeenCalled();
    entered.mockRestore();
  });

  it('refuses to write an event, naming the declaration its service lacks', async () => {
    await expect(
      runAsActor(apiActor({ userId: 'u1', tokenId: 't1' }, 'req-1'), () =>
        db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'thing.created', data: {} })),
      ),
    ).rejects.toThrow(/writesEvents/);
    const [{ n }] = (await db.query<{ n: string }>('select count(*)::text as n from outbox')).rows as [{ n: string }];
    expect(n).toBe('0');
  });
});
