import { readEnv, runDistributed, runMain, z } from '@quire/common';
import { insightsModule } from './service';

runMain('insights', () => {
  const env = readEnv(z.object({ CLICKHOUSE_URL: z.string().url() }));
  return runDistributed(insightsModule({ clickhouseUrl: env.CLICKHOUSE_URL }));
});
