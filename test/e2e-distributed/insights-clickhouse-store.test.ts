import { createClient } from '@clickhouse/client';
import { ClickHouseStore } from '../../services/insights/src/store/clickhouse/clickhouse-store';
import { describeStoreContract } from '../../services/insights/test/store-contract';
import { INFRA } from '../support/infra';

// The shared store contract against the real ClickHouse of the distributed runs, in a database of
// its own that each run recreates.
const DATABASE = 'quire_insights_contract';

describeStoreContract(
  'ClickHouse',
  async () => {
    const admin = createClient({ url: INFRA.clickhouseUrl });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${DATABASE}` });
    await admin.command({ query: `CREATE DATABASE ${DATABASE}` });
    await admin.close();
    return new ClickHouseStore({ url: `${INFRA.clickhouseUrl}/${DATABASE}` });
  },
  (store) => store.close(),
);
