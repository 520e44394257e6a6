import { runDistributed, runMain } from '@quire/common';
import { contentModule } from './service';

runMain('content', () => runDistributed(contentModule()));
