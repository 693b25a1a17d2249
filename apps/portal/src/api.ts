/**
 * Calls to the management interface on the staff cookie session: same
 * origin, the session's CSRF token on every change, and the chosen vendor in
 * `X-Kiosk-Vendor`. A problem+json answer becomes an `ApiError` whose
 * message is plain words (with the fields a validation error names).
 */

/** A field a validation error names (`{field, messages}`), or a problem of a strategy's flow (`{code, path, message}`). */
export interface FieldProblem {
  field?: string;
  messages?: string[];
  path?: string;
  message?: string;
}

export interface Problem {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  errors?: FieldProblem[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(describeProblem(problem));
  }

  get code(): string | undefined {
    return this.problem.code;
  }
}

export function describeProblem(problem: Problem): string {
  const sentence = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
  const base =
    problem.status === 403 && problem.code === 'AUTH.INSUFFICIENT_SCOPE'
      ? 'Your role does not allow this.'
      : sentence(problem.detail ?? problem.title ?? `The service answered ${problem.status}.`);
  const fields = (Array.isArray(problem.errors) ? problem.errors : []).map((e) => {
    const where = e.field ?? e.path ?? '';
    const what = e.messages?.join(', ') ?? e.message ?? '';
    return where ? `${where}: ${what}` : what;
  });
  return fields.length ? `${base} ${fields.join('; ')}.` : base;
}

const state: { csrf: string | null; vendor: string | null } = { csrf: null, vendor: null };

/** Sent on `window` when a call answers 401 on a session that was signed in. */
export const SIGNED_OUT_EVENT = 'kiosk-portal-signed-out';

export function useSessionHeaders(csrf: string | null, vendor: string | null): void {
  state.csrf = csrf;
  state.vendor = vendor;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** One call; `body` as JSON, or a string sent as `textType` (CSV imports); `extra` headers such as `Idempotency-Key`. */
export async function api<T>(method: string, path: string, body?: unknown, textType = 'text/plain', extra: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (state.vendor) headers['X-Kiosk-Vendor'] = state.vendor;
  if (method !== 'GET' && state.csrf) headers['X-CSRF-Token'] = state.csrf;
  let payload: string | undefined;
  if (typeof body === 'string') {
    headers['Content-Type'] = `${textType}; charset=utf-8`;
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, { status: 0, detail: 'The service could not be reached. Check the connection and try again.' });
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  const parsed: unknown = type.includes('json') ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) {
    const problem = parsed && typeof parsed === 'object' ? (parsed as Problem) : { status: res.status };
    // The session ended (expired, or signed out in another tab): the portal goes back to its sign-in screen.
    if (res.status === 401 && state.csrf !== null) dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
    throw new ApiError(res.status, { ...problem, status: res.status });
  }
  return parsed as T;
}

export const get = <T>(path: string, query?: Query) => api<T>('GET', withQuery(path, query));
export const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) => api<T>('POST', path, body ?? {}, undefined, headers);
export const patch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const put = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const del = (path: string) => api<void>('DELETE', path);

/**
 * Fetches a document (a PDF) on the session and hands it to the browser as a
 * download named `filename`: a plain link would carry neither the chosen
 * vendor nor turn a refusal into words.
 */
export async function download(path: string, filename: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (state.vendor) headers['X-Kiosk-Vendor'] = state.vendor;
  const res = await fetch(path, { headers, credentials: 'same-origin' }).catch(() => null);
  if (!res) throw new ApiError(0, { status: 0, detail: 'The service could not be reached. Check the connection and try again.' });
  if (!res.ok) throw new ApiError(res.status, { ...((await res.json().catch(() => ({}))) as Problem), status: res.status });
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What `GET /management/me` answers. */
export interface Me {
  userId: string;
  email: string;
  vendors: { vendorId: string; role: Role; scopes: string[] }[];
  csrfToken: string | null;
}

export type Role = 'owner' | 'admin' | 'editor' | 'viewer';
