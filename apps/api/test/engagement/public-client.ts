import { TestApp } from '../support/harness';

/** What the widely used public client library sends on every request, whatever the method. */
export const PUBLIC_CLIENT_HEADERS = { 'Content-Type': 'application/json', 'X-Service-Client': 'service-js/4.12.0' } as const;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Requests as the public client makes them: its two headers on every request,
 * `Authorization` as the caller supplies it, ids put into the path as they are
 * (no percent-encoding), and a body, when there is one, as `JSON.stringify` writes it.
 */
export function publicClient(app: TestApp, auth: Record<string, string> = {}) {
  const call = (method: Method, path: string, body?: unknown) => {
    const request = app.http[method](path).set({ ...PUBLIC_CLIENT_HEADERS, ...auth });
    return body === undefined ? request : request.send(JSON.stringify(body));
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string, body?: unknown) => call('post', path, body),
    put: (path: string, body?: unknown) => call('put', path, body),
    patch: (path: string, body?: unknown) => call('patch', path, body),
    delete: (path: string) => call('delete', path),
    /** A raw body string as is (for bodies `JSON.stringify` cannot make). */
    raw: (method: Method, path: string, body: string) => app.http[method](path).set({ ...PUBLIC_CLIENT_HEADERS, ...auth }).send(body),
  };
}

/** A 4xx problem+json answer (never a 500, never another media type). */
export function expectProblem(res: { status: number; headers: Record<string, string>; body: { status?: number; code?: string } }, status?: number) {
  if (status !== undefined) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.status).toBe(res.status);
  expect(typeof res.body.code).toBe('string');
}
