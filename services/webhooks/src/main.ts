import { runDistributed, runMain } from '@quire/platform/distributed';
import { webhooksModule } from './service';

runMain('webhooks', () => runDistributed(webhooksModule()));
