import { runDistributed, runMain } from '@quire/platform/distributed';
import { createLogger } from '@quire/platform/logger';
import { bootstrapOptionsFromEnv, organizationCreationFromEnv } from './settings';
import { identityModule } from './service';

runMain('identity', () =>
  runDistributed(
    identityModule({
      bootstrap: bootstrapOptionsFromEnv(),
      organizationCreation: organizationCreationFromEnv(),
      // Distributed mode has no console owner: the one-time token goes to the log, once.
      onBootstrap: ({ token, organizationId }) => createLogger('identity').warn({ organizationId, bootstrapToken: token }, 'bootstrap API token (shown once)'),
    }),
  ),
);
