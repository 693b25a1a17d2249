import { RequestHandler } from 'express';

const CACHE_MS = 60_000;
/** Allowed when a preflight names no request headers. */
const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Headers of our answers that clients read (created resources, idempotent replays, request ids, waits). */
const EXPOSED_HEADERS = 'Location, Idempotency-Key, X-Request-Id, Retry-After';
/** RFC 9110 field names, comma-separated; a list that is not one is answered with the default. */
const HEADER_LIST = /^\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*\s*$/;
const MAX_HEADER_LIST = 2048;

/** The headers a preflight asks for, when they form a valid list (lower-cased, deduplicated); else the defaults. */
export function allowedHeadersFor(requested: string | undefined): string {
  if (!requested || requested.length > MAX_HEADER_LIST || !HEADER_LIST.test(requested)) return DEFAULT_ALLOWED_HEADERS;
  return [...new Set(requested.split(',').map((h) => h.trim().toLowerCase()))].join(', ');
}

/**
 * CORS for the vendors' sites: an origin a vendor registered on a browser
 * client may call the API with credentials (cookie sessions), with any
 * request headers its preflight asks for, and reads the headers clients need
 * (`Location`, `Idempotency-Key`, `X-Request-Id`, `Retry-After`); any other
 * origin gets no CORS headers, so browsers keep its scripts out. Answers are
 * cached per origin for a minute.
 */
export function cors(isAllowedOrigin: (origin: string) => Promise<boolean>): RequestHandler {
  const cache = new Map<string, { allowed: boolean; at: number }>();
  const allowed = async (origin: string) => {
    const hit = cache.get(origin);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.allowed;
    const answer = origin.length <= 2048 && (await isAllowedOrigin(origin));
    if (cache.size > 10_000) cache.clear();
    cache.set(origin, { allowed: answer, at: Date.now() });
    return answer;
  };
  return async (req, res, next) => {
    const origin = req.headers.origin;
    if (!origin) return next();
    res.vary('Origin');
    try {
      if (!(await allowed(origin))) return next();
    } catch (error) {
      return next(error);
    }
    res.set({
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    });
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.vary('Access-Control-Request-Method');
      res.vary('Access-Control-Request-Headers');
      res
        .set({
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': allowedHeadersFor(req.headers['access-control-request-headers']),
          'Access-Control-Max-Age': '600',
        })
        .status(204)
        .end();
      return;
    }
    next();
  };
}
