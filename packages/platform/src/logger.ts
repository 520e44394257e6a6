import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs, one line per event, tagged with the service name. Lines go to standard
 * output asynchronously: a line written while the previous write is in flight joins the next
 * write, so a busy process (the gateway's access line, a service's request line) makes a few
 * system calls per batch instead of one per line (docs/benchmarks.md, Gateway). A process that
 * exits flushes what is pending first (pino's exit hook). LOG_SYNC=1 writes each line at once.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: ['req.headers.authorization', 'token', 'headers.authorization'],
  };
  if (level === 'silent' || process.env.LOG_SYNC === '1') return pino(options);
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
