import { runDistributed, runMain } from '@quire/platform/distributed';
import { contentModule } from './service';

runMain('content', () => runDistributed(contentModule()));
