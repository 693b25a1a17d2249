/**
 * Worked refusals for the OpenAPI document: the problem+json body a route
 * answers, built by the same `problemBody` the error handler uses, so an
 * example cannot show a shape the service does not send.
 */
import { problemBody } from './problem';
import { ResponseSpec } from './routes';

/** The problem+json body of a refusal, as the service sends it (no request id). */
export const problemExample = (status: number, code: string, detail: string, extensions?: Record<string, unknown>) =>
  problemBody(status, code, detail, extensions);

/** A documented refusal with its worked problem+json body. */
export const refusal = (
  description: string,
  status: number,
  code: string,
  detail: string,
  extensions?: Record<string, unknown>,
): ResponseSpec => ({ description, example: problemExample(status, code, detail, extensions) });

/** A refusal of the request's fields (`REQUEST.INVALID`) as validation words it, one field named under `errors`. */
export const invalidField = (description: string, field: string, message: string, where: 'body' | 'query' = 'body'): ResponseSpec =>
  refusal(description, 400, 'REQUEST.INVALID', `invalid ${where}: ${field}`, { errors: [{ field, messages: [message] }] });

/** The answer to missing or bad credentials, on every route that takes them. */
export const NO_CREDENTIALS = refusal('No or bad credentials', 401, 'AUTH.MISSING_TOKEN', 'a bearer access token is required');

/** A body of another media type than text/plain or JSON (the text-body routes). */
export const NEITHER_TEXT_NOR_JSON = refusal(
  'Body neither text/plain nor JSON',
  415,
  'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  'the request body must be text/plain or JSON',
);

/** A body over the route's limit (`REQUEST.TOO_LARGE`). */
export const tooLarge = (description: string) => refusal(description, 413, 'REQUEST.TOO_LARGE', 'the request body is too large');

/**
 * A page for people, as the example of a route that answers HTML: the title
 * and the sentence the page shows, inside the service's page shell.
 */
export const htmlPageExample = (title: string, message: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1><p role="alert">${message}</p></main></body></html>`;

/** A documented HTML answer with its worked page. */
export const htmlPage = (description: string, title: string, message: string): ResponseSpec => ({
  description,
  contentType: 'text/html',
  schema: { type: 'string' },
  example: htmlPageExample(title, message),
});
