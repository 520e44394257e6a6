import { createLogger } from '@quire/common';
import { startEmbedded } from './embedded-launcher';

// `npm start`: Quire in one process. Human-readable lines go to stderr; logs are JSON on stdout.
const logger = createLogger('quire');

startEmbedded(process.env, logger).then(
  (quire) => {
    const lines = [`Quire is running at ${quire.url} (data in ${quire.dataDir})`];
    if (quire.bootstrap) {
      lines.push(`First start: created an admin user, an organization (${quire.bootstrap.organizationId}) and this API token.`);
      lines.push(`It is shown only once:\n\n    ${quire.bootstrap.token}\n`);
      lines.push(`Try: curl -H "Authorization: Bearer ${quire.bootstrap.token}" ${quire.url}/v1/user`);
    }
    lines.push('Stop with Ctrl-C.');
    process.stderr.write(lines.join('\n') + '\n');
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      quire.stop().then(
        () => process.exit(0),
        (err: Error) => {
          logger.error({ err: err.message }, 'unclean stop');
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  },
  (err: Error) => {
    logger.fatal({ err: err.message, stack: err.stack }, 'failed to start');
    process.exit(1);
  },
);
