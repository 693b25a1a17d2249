import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { redactUrl } from './log-redaction';

type RequestId = (req: IncomingMessage, res: ServerResponse) => string;

const CHILD = Symbol('request logger');
type WithChild = Request & { [CHILD]?: Logger };

/**
 * `req.log` on every request of `prototype` (the app's request prototype):
 * the logger with the request's id bound, made on first use. Most requests
 * never log anything of their own, and a child logger per request is CPU
 * on every hot request for nothing.
 */
function lazyRequestLogger(prototype: object, logger: Logger): void {
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    get(this: WithChild) {
      return (this[CHILD] ??= logger.child({ reqId: this.id }));
    },
    set(this: WithChild, value: Logger) {
      this[CHILD] = value;
    },
  });
}

/**
 * Request ids and the request log: one JSON line per request when its answer
 * is sent (`request completed`, at `error` for a 5xx) or its connection
 * closes first (`request aborted`, at `warn`), with the request id, method,
 * address with every credential redacted (log-redaction.ts), client address
 * and user agent, status and time taken. Headers are not logged: no
 * credential or cookie can reach the log through them, and a line stays
 * small. Why not pino-http: it serialises every request's and answer's
 * headers and makes a child logger per request, a sixth of a counted read's
 * CPU with logging on.
 */
export function requestLog(prototype: object, logger: Logger, requestId: RequestId): RequestHandler {
  lazyRequestLogger(prototype, logger);
  const logging = logger.isLevelEnabled('info');
  // The line's keys are the fixed ones below, none of them a redacted name: without pino's redaction a line costs a third.
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    req.id = requestId(req, res);
    if (logging) {
      const started = performance.now();
      res.once('close', () => {
        const completed = res.writableFinished;
        const line = {
          reqId: req.id,
          req: { method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.ip, userAgent: req.headers['user-agent'] },
          res: { statusCode: completed ? res.statusCode : undefined },
          responseTime: Math.round(performance.now() - started),
        };
        if (!completed) lines.warn(line, 'request aborted');
        else if (res.statusCode >= 500) lines.error(line, 'request completed');
        else lines.info(line, 'request completed');
      });
    }
    next();
  };
}
