import pino, { Logger } from 'pino';

/** Structured JSON logs; credentials are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'kiosk' },
    redact: {
      paths: ['*.clientSecret', '*.client_secret', '*.password', '*.access_token', '*.authorization'],
      censor: '[redacted]',
    },
  });
}
