import { runDistributed, runMain } from '@quire/platform/distributed';
import { sitesModule } from './service';

runMain('sites', () => runDistributed(sitesModule()));
