import { runDistributed, runMain } from '@quire/common';
import { specsModule } from './service';

runMain('specs', () => runDistributed(specsModule()));
