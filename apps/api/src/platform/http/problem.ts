import { DomainError, DomainErrorKind } from '@kiosk/domain';
import { ErrorRequestHandler } from 'express';
import { Logger } from 'pino';
import { concurrentConflictOf, isDatabaseUnavailable } from '../database/errors';

/** Seconds a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * An error raised at the HTTP edge (bad header, bad body, no route) with the
 * status it answers. Business failures are DomainErrors, mapped below.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  [extension: string]: unknown;
}

/** Members of a problem body the handler decides; an error's own details never overwrite them. */
export const RESERVED_PROBLEM_MEMBERS = ['type', 'title', 'status', 'detail', 'code', 'errors', 'requestId', 'details'] as const;

/**
 * The problem+json body. Reserved members always come from the mechanism;
 * an extension that would clash with one moves under `details` (a bill's
 * `status` becomes `details.status`), except a list of field errors under
 * `errors`, which is what `errors` means.
 */
export function problemBody(
  status: number,
  code: string,
  detail: string,
  extensions: Record<string, unknown> = {},
  requestId?: unknown,
): ProblemBody {
  const own: Record<string, unknown> = {};
  const moved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(extensions)) {
    if (value === undefined) continue;
    if (name === 'errors' && Array.isArray(value)) own.errors = value;
    else if (name === 'details' && value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(moved, value);
    else if ((RESERVED_PROBLEM_MEMBERS as readonly string[]).includes(name)) moved[name] = value;
    else own[name] = value;
  }
  return {
    ...own,
    ...(Object.keys(moved).length > 0 ? { details: moved } : {}),
    type: `urn:kiosk:problem:${code.toLowerCase()}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(requestId !== undefined ? { requestId } : {}),
  };
}

interface FrameworkError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  code?: unknown;
}

/**
 * Errors of the frameworks under the routes: body-parser and raw-body
 * (malformed JSON, too large, bad charset, a body that does not decode as its
 * Content-Encoding says), http-errors in general, and the router's URIError
 * for a path parameter that is not valid percent-encoding. Every one that
 * carries a 4xx status answers that status; none of them is a 500.
 */
function frameworkProblem(error: unknown): HttpProblem | null {
  if (error === null || typeof error !== 'object') return null;
  const e = error as FrameworkError;
  switch (e.type) {
    case 'entity.parse.failed':
      return new HttpProblem(400, 'REQUEST.MALFORMED_BODY', 'the request body could not be parsed');
    case 'entity.too.large':
      return new HttpProblem(413, 'REQUEST.TOO_LARGE', 'the request body is too large');
    case 'encoding.unsupported':
      return new HttpProblem(415, 'REQUEST.UNSUPPORTED_ENCODING', 'the request body encoding is not supported (identity, gzip, deflate or br)');
    case 'charset.unsupported':
      return new HttpProblem(415, 'REQUEST.UNSUPPORTED_ENCODING', 'the request body charset is not supported');
    case 'parameters.too.many':
      return new HttpProblem(413, 'REQUEST.TOO_MANY_PARAMETERS', 'the request has too many parameters');
    case 'request.aborted':
      return new HttpProblem(400, 'REQUEST.ABORTED', 'the request was aborted');
    case 'request.size.invalid':
      return new HttpProblem(400, 'REQUEST.BAD_LENGTH', 'the request body length does not match Content-Length');
  }
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : NaN;
  if (!(status >= 400 && status < 500) || e.expose === false) return null;
  if (error instanceof URIError) {
    return new HttpProblem(400, 'REQUEST.MALFORMED_PATH', 'a path segment is not valid percent-encoded UTF-8');
  }
  // zlib's errors (gzip, deflate: Z_DATA_ERROR...; brotli: ERR__ERROR_FORMAT_...).
  if (typeof e.code === 'string' && /^(Z_|ERR__ERROR_|ERR_BROTLI|ERR_ZSTD)/.test(e.code)) {
    return new HttpProblem(400, 'REQUEST.BAD_CONTENT_ENCODING', 'the request body does not decode as its Content-Encoding says');
  }
  if (status === 413) return new HttpProblem(413, 'REQUEST.TOO_LARGE', 'the request is too large');
  if (status === 415) return new HttpProblem(415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'the request media type is not supported');
  return new HttpProblem(status, 'REQUEST.MALFORMED', 'the request could not be read');
}

/** The problem an error answers with; unknown errors are logged and become a 500 without details. */
export function toHttpProblem(error: unknown, log: Pick<Logger, 'error' | 'warn'>): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof DomainError) {
    if (error.cause !== undefined) log.warn({ err: error.cause, code: error.code }, 'failed because of another error');
    return new HttpProblem(STATUS_OF_KIND[error.kind], error.code, error.message, error.details);
  }
  if (isDatabaseUnavailable(error)) {
    // The database is away (stopped, restarting, cut off): the request may work later.
    log.warn({ err: error }, 'database unavailable');
    return new HttpProblem(503, 'SERVICE.DATABASE_UNAVAILABLE', 'the database cannot be reached; retry later');
  }
  const conflict = concurrentConflictOf(error);
  if (conflict) {
    // Lost a race another request won (the database decided it and undid this one): nothing was written.
    log.warn({ err: error, conflict }, 'lost a concurrent change');
    return conflict === 'retry'
      ? new HttpProblem(503, 'SERVICE.CONCURRENT_CHANGE', 'another change to the same data won; nothing was written, retry')
      : new HttpProblem(409, 'REQUEST.CONCURRENT_CHANGE', 'something this request refers to was removed at the same time; nothing was written');
  }
  const parsed = frameworkProblem(error);
  if (parsed) return parsed;
  log.error({ err: error }, 'unhandled error');
  return new HttpProblem(500, 'INTERNAL', 'something went wrong on our side; the request id identifies it');
}

/** What an error answers: status, headers and the problem+json body. Unknown errors are logged, never shown. */
export function problemResponse(
  error: unknown,
  requestId: unknown,
  log: Pick<Logger, 'error' | 'warn'>,
): { status: number; headers: Record<string, string>; body: string } {
  const problem = toHttpProblem(error, log);
  const retryAfter: Record<string, string> = problem.status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {};
  return {
    status: problem.status,
    headers: { ...retryAfter, ...problem.headers, 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify(problemBody(problem.status, problem.code, problem.detail, problem.extensions, requestId)),
  };
}

/** The one error handler: every failure becomes `application/problem+json`; nothing leaks. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const answer = problemResponse(error, req.id, req.log ?? logger);
    res.status(answer.status).set(answer.headers).send(answer.body);
  };
}

/**
 * Whether the client of a browser route wants an HTML page for an error: it
 * names `text/html` before any JSON type (a browser navigating); anything
 * else, `*\/*` included, gets problem+json.
 */
export function prefersHtml(req: { accepts(types: string[]): string | false }): boolean {
  return req.accepts(['application/problem+json', 'application/json', 'text/html']) === 'text/html';
}
