import pino, { DestinationStream, Logger } from 'pino';

/** Structured JSON logs; credentials are redacted wherever they might appear. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'kiosk' },
    redact: {
      paths: ['*.clientSecret', '*.client_secret', '*.password', '*.access_token', '*.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
