/**
 * One call of the Kiosk API from the browser. Signed-in calls ride the
 * cookie session (`credentials: 'include'`); a visitor's calls carry Basic
 * visitor credentials. A refusal rejects with the problem body.
 */
export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  code?: string;
  [member: string]: unknown;
}

export class ServiceError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `request failed with ${problem.status}`);
    this.name = 'ServiceError';
  }
  get status(): number {
    return this.problem.status;
  }
  get code(): string | undefined {
    return this.problem.code;
  }
}

export interface CallOptions {
  body?: unknown;
  /** A text/plain body (user metadata, tags). */
  text?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the visitor's Basic credentials (routes open to visitors, when nobody is signed in). */
  asVisitor?: boolean;
}

export type Call = <T = unknown>(method: string, path: string, options?: CallOptions) => Promise<T>;

export function makeCall(apiUrl: string, visitorAuthorization: () => string | undefined, fetchImpl: typeof fetch = fetch): Call {
  const base = apiUrl.replace(/\/+$/, '');
  return async <T>(method: string, path: string, options: CallOptions = {}): Promise<T> => {
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (options.text !== undefined) {
      headers['content-type'] = 'text/plain';
      body = options.text;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const visitor = options.asVisitor ? visitorAuthorization() : undefined;
    if (visitor) headers.authorization = visitor;
    const answer = await fetchImpl(url.toString(), { method, headers, body, credentials: 'include' });
    const type = answer.headers.get('content-type') ?? '';
    const parsed: unknown = type.includes('json') ? await answer.json().catch(() => null) : await answer.text();
    if (!answer.ok) {
      const problem = typeof parsed === 'object' && parsed !== null ? (parsed as Problem) : { status: answer.status, detail: String(parsed ?? '') };
      throw new ServiceError({ ...problem, status: answer.status });
    }
    return parsed as T;
  };
}
