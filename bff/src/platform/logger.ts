// Structured JSON logs (pino); every request logs with its request id.
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'bff' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', '*.password', '*.passwordConfirmation', '*.token'],
      censor: '[redacted]',
    },
  });
}
