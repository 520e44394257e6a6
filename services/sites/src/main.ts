import { runDistributed, runMain } from '@quire/common';
import { sitesModule } from './service';

runMain('sites', () => runDistributed(sitesModule()));
