import type { Logger } from 'pino';

// What `platform/http/request-log.ts` gives every request.
declare module 'http' {
  interface IncomingMessage {
    /** The request's id: a well-formed X-Request-Id, or one made up; echoed in the answer's X-Request-Id. */
    id: string;
    /** The service's logger with the request's `reqId` bound (made on first use). */
    log: Logger;
  }
}
