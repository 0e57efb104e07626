// Structured JSON logs (pino); every request logs with its request id.
import pino, { type Logger } from 'pino';

export type { Logger };

/** `destination`: where the JSON lines go (standard output unless given; tests read them). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'bff' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', '*.password', '*.passwordConfirmation', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
