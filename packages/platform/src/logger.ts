import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs, one line per event, tagged with the service name. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: ['req.headers.authorization', 'token', 'headers.authorization'],
  });
}
