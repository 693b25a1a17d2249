import { Client } from 'pg';
import { ConfigCache } from '../../src/platform/cache/config-cache';
import { TestApp } from './harness';

/**
 * The SQL statements `work` sends to the database (and, given `rowCounts`, how many rows each answered) (every repository,
 * `sqlRows` and `preparedRows` end in a `pg` client's `query`), whitespace
 * collapsed. Run one request at a time: whatever else the process sends
 * meanwhile is counted too, except the paywall view counter's write, which
 * runs on its own timer about once a second for all requests (decision 28).
 */
export async function statementsOf(work: () => Promise<unknown>, rowCounts?: number[]): Promise<string[]> {
  const seen: string[] = [];
  const answered: Promise<unknown>[] = [];
  const original = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = String(typeof config === 'string' ? config : config?.text).replace(/\s+/g, ' ').trim();
    const counted = !text.startsWith('INSERT INTO paywall_daily_stats');
    const at = counted ? seen.push(text) - 1 : -1;
    // With `rowCounts`, the rows each statement answered, in the same order (-1 for one that failed),
    // whether the caller takes a promise or passes a callback (TypeORM's query runner does).
    const count = (rows: unknown[] | undefined, failed: boolean) => void (rowCounts![at] = failed ? -1 : (rows?.length ?? 0));
    const callback = args[args.length - 1];
    if (rowCounts && counted && typeof callback === 'function') {
      let done: () => void = () => undefined;
      answered.push(new Promise<void>((resolve) => (done = resolve)));
      args[args.length - 1] = (error: unknown, result: { rows?: unknown[] }) => {
        count(result?.rows, Boolean(error));
        done();
        return (callback as (e: unknown, r: unknown) => unknown)(error, result);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (rowCounts && counted && result instanceof Promise) {
      answered.push(result.then((r: { rows?: unknown[] }) => count(r?.rows, false), () => count(undefined, true)));
    }
    return result as never;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  await Promise.all(answered);
  return seen;
}

/**
 * Waits until this app's configuration cache has heard every change
 * announced so far (on PostgreSQL a change made through the app is echoed
 * back by LISTEN a moment after it commits, and the echo drops the entry).
 * Call it after the set-up's writes and before warming up what is counted.
 */
export const cacheSettled = (app: TestApp): Promise<void> => app.runtime.container.get(ConfigCache).settled();
