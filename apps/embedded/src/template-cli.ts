import { contentModule } from '@quire/content';
import { identityModule } from '@quire/identity';
import { insightsModule } from '@quire/insights';
import { sitesModule } from '@quire/sites';
import { specsModule } from '@quire/specs';
import { readerModule } from '@quire/reader';
import { webhooksModule } from '@quire/webhooks';
import { writeEmbeddedTemplate } from './template';

// Run by `npm run build` (after the PGlite template): the migrated database new data directories start from.
const modules = {
  // Only its migrations are read: no bootstrap runs here.
  identity: identityModule({ bootstrap: { email: 'unused@localhost', organizationTitle: 'unused' } }),
  content: contentModule(),
  sites: sitesModule(),
  specs: specsModule(),
  insights: insightsModule(),
  webhooks: webhooksModule(),
  reader: readerModule(),
};

writeEmbeddedTemplate(modules).then(
  (made) => {
    if (made) process.stderr.write('made the embedded database template\n');
  },
  (err: Error) => {
    process.stderr.write(`could not make the embedded database template (first starts will migrate): ${err.message}\n`);
  },
);
