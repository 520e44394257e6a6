import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb } from '../../../test/support/service-db';
import { EmbeddedInsightsStore } from '../src/modules/insights/store/embedded/embedded-store';
import { describeStoreContract } from './store-contract';

let db: PgliteDatabase;
describeStoreContract(
  'embedded (PGlite)',
  async () => {
    db = await openServiceDb('insights', join(__dirname, '..', 'migrations'));
    return new EmbeddedInsightsStore(db);
  },
  async (store) => {
    await store.close();
    await db.close();
  },
);
