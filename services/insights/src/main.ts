import { runDistributed, runMain } from '@quire/platform/distributed';
import { DEFAULT_PORTS, WORKER_PROCESSES } from '@quire/platform/topology';
import { insightsModule } from './service';
import { insightsSettingsFromEnv } from './settings';

runMain('insights', () => {
  const settings = insightsSettingsFromEnv();
  const module = insightsModule(settings);
  // The consumer process is `insights-consumer` of topology.ts: its own default HTTP port.
  if (settings.role === 'consumer') return runDistributed(module, { ports: { ...DEFAULT_PORTS.insights, http: WORKER_PROCESSES['insights-consumer'].http } });
  return runDistributed(module);
});
