import { Client } from 'pg';
import { ConfigCache } from '../../src/platform/cache/config-cache';
import { TestApp } from './harness';

/**
 * The SQL statements `work` sends to the database (every repository,
 * `sqlRows` and `preparedRows` end in a `pg` client's `query`), whitespace
 * collapsed. Run one request at a time: whatever else the process sends
 * meanwhile is counted too, except the paywall view counter's write, which
 * runs on its own timer about once a second for all requests (decision 28).
 */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = String(typeof config === 'string' ? config : config?.text).replace(/\s+/g, ' ').trim();
    if (!text.startsWith('INSERT INTO paywall_daily_stats')) seen.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

/**
 * Waits until this app's configuration cache has heard every change
 * announced so far (on PostgreSQL a change made through the app is echoed
 * back by LISTEN a moment after it commits, and the echo drops the entry).
 * Call it after the set-up's writes and before warming up what is counted.
 */
export const cacheSettled = (app: TestApp): Promise<void> => app.runtime.container.get(ConfigCache).settled();
