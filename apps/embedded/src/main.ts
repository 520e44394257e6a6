import { createLogger } from '@quire/platform/logger';
import { embeddedBanner } from './banner';
import { PortUnavailable } from './gateway-port';
import { startEmbedded } from './launcher';

// `npm start`: Quire in one process. Human-readable lines go to stderr; logs are JSON on stdout.
const logger = createLogger('quire');

startEmbedded(process.env, logger).then(
  (quire) => {
    process.stderr.write(embeddedBanner(quire));
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
    // A port that cannot be had is the user's to fix: one line saying how, no stack.
    if (err instanceof PortUnavailable) process.stderr.write(`${err.message}\n`);
    else logger.fatal({ err: err.message, stack: err.stack }, 'failed to start');
    process.exit(1);
  },
);
