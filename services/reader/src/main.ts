import { runDistributed, runMain } from '@quire/platform/distributed';
import { readerModule } from './service';

runMain('reader', () => runDistributed(readerModule()));
