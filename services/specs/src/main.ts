import { runDistributed, runMain } from '@quire/platform/distributed';
import { specsModule } from './service';

runMain('specs', () => runDistributed(specsModule()));
