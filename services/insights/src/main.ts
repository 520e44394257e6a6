import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';
import { runDistributed, runMain } from '@quire/platform/distributed';
import { DEFAULT_PORTS, WORKER_PROCESSES } from '@quire/platform/topology';
import { INSIGHTS_ROLES, insightsModule } from './service';

runMain('insights', () => {
  const env = readEnv(z.object({ CLICKHOUSE_URL: z.string().url(), INSIGHTS_ROLE: z.enum(INSIGHTS_ROLES).default('all') }));
  const module = insightsModule({ clickhouseUrl: env.CLICKHOUSE_URL, role: env.INSIGHTS_ROLE });
  // The consumer process is `insights-consumer` of topology.ts: its own default HTTP port.
  if (env.INSIGHTS_ROLE === 'consumer')
    return runDistributed(module, { ports: { ...DEFAULT_PORTS.insights, http: WORKER_PROCESSES['insights-consumer'].http } });
  return runDistributed(module);
});
