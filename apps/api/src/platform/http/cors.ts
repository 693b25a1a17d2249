import { RequestHandler } from 'express';

const CACHE_MS = 60_000;
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/**
 * CORS for the vendors' sites: an origin a vendor registered on a browser
 * client may call the API with credentials (cookie sessions); any other
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
    res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' });
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res
        .set({
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
        })
        .status(204)
        .end();
      return;
    }
    next();
  };
}
