import { DomainError, DomainErrorKind } from '@kiosk/domain';
import { ErrorRequestHandler } from 'express';
import { Logger } from 'pino';

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
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
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

export function problemBody(status: number, code: string, detail: string, extensions = {}): ProblemBody {
  return {
    type: `urn:kiosk:problem:${code.toLowerCase()}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...extensions,
  };
}

/** body-parser's own errors (malformed JSON, too large, bad charset) carry `type` and `status`. */
function bodyParserProblem(error: { type?: string; status?: number }): HttpProblem | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpProblem(400, 'REQUEST.MALFORMED_BODY', 'the request body is not valid JSON');
    case 'entity.too.large':
      return new HttpProblem(413, 'REQUEST.TOO_LARGE', 'the request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem(415, 'REQUEST.UNSUPPORTED_ENCODING', 'the request body encoding is not supported');
    case 'parameters.too.many':
      return new HttpProblem(413, 'REQUEST.TOO_MANY_PARAMETERS', 'the request has too many parameters');
    case 'request.aborted':
      return new HttpProblem(400, 'REQUEST.ABORTED', 'the request was aborted');
    default:
      return null;
  }
}

/** What an error answers: status, headers and the problem+json body. Unknown errors are logged, never shown. */
export function problemResponse(
  error: unknown,
  requestId: unknown,
  log: Pick<Logger, 'error'>,
): { status: number; headers: Record<string, string>; body: string } {
  let problem: HttpProblem;
  if (error instanceof HttpProblem) {
    problem = error;
  } else if (error instanceof DomainError) {
    problem = new HttpProblem(STATUS_OF_KIND[error.kind], error.code, error.message, error.details);
  } else {
    const parsed = bodyParserProblem((error ?? {}) as { type?: string });
    if (parsed) {
      problem = parsed;
    } else {
      log.error({ err: error }, 'unhandled error');
      problem = new HttpProblem(500, 'INTERNAL', 'something went wrong on our side; the request id identifies it');
    }
  }
  return {
    status: problem.status,
    headers: { ...problem.headers, 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify(problemBody(problem.status, problem.code, problem.detail, { ...problem.extensions, requestId })),
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
