import { runDistributed, runMain } from '@quire/common';
import { webhooksModule } from './service';

runMain('webhooks', () => runDistributed(webhooksModule()));
