import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request of a run; `i` numbers them across the run so each can differ (a new visitor, a new article). */
export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  count: number;
  seconds: number;
  /** Milliseconds, one per answered request. */
  latencies: number[];
  /** Answers with another status than the expected one, by status ("error" for a broken connection). */
  unexpected: Record<string, number>;
  /** The first unexpected answer's body, to say why. */
  firstUnexpected?: string;
}

/**
 * A small load generator in the way of autocannon's default (which is not a
 * dependency of this project): `connections` keep-alive connections, each
 * sending its next request when the previous answer has been read (no
 * pipelining), for `seconds`. Node's own `http` with a keep-alive agent, not
 * `fetch`, so the generator spends little of the machine the measured
 * processes share with it.
 */
export async function runLoad(options: {
  origin: string;
  connections: number;
  seconds: number;
  expectStatus: number;
  next: (i: number) => LoadRequest;
  counter: { next: number };
}): Promise<LoadResult> {
  const url = new URL(options.origin);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  let firstUnexpected: string | undefined;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const one = (r: LoadRequest) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string> = { ...r.headers };
      if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
      const req = request({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(r.body);
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const r = options.next(options.counter.next++);
        const t = performance.now();
        try {
          const answer = await one(r);
          latencies.push(performance.now() - t);
          if (answer.status !== options.expectStatus) {
            unexpected[answer.status] = (unexpected[answer.status] ?? 0) + 1;
            firstUnexpected ??= `${r.method} ${r.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`;
          }
        } catch (error) {
          unexpected.error = (unexpected.error ?? 0) + 1;
          firstUnexpected ??= `${r.method} ${r.path}: ${(error as Error).message}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { count: latencies.length, seconds, latencies, unexpected, firstUnexpected };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
