import { Database, migrateWhenReachable, untilReachable } from '../../src/platform/database/open-database';

/**
 * A process that starts while its database is away (issue 29: it exited
 * with "Connection terminated due to connection timeout") waits for it,
 * retrying with a growing pause, each try logged, for DB_STARTUP_TIMEOUT_MS.
 */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function recorder() {
  const warnings: { retryInMs: number; attempt: number }[] = [];
  const slept: number[] = [];
  return {
    warnings,
    slept,
    logger: { warn: (fields: { retryInMs: number; attempt: number }) => void warnings.push(fields) },
    sleep: async (ms: number) => void slept.push(ms),
  };
}

describe('start-up while the database is away', () => {
  it('retries with a doubling pause until the database answers', async () => {
    const r = recorder();
    let tries = 0;
    const opened = await untilReachable(60_000, r.logger as never, async () => {
      tries += 1;
      if (tries < 4) throw new Error('Connection terminated due to connection timeout');
      return 'open';
    }, r.sleep);
    expect(opened).toBe('open');
    expect(tries).toBe(4);
    expect(r.slept).toEqual([1_000, 2_000, 4_000]);
    expect(r.warnings.map((w) => w.attempt)).toEqual([1, 2, 3]);
  });

  it('gives up after the configured total, with the last error', async () => {
    const r = recorder();
    await expect(untilReachable(0, r.logger as never, async () => Promise.reject(refused()), r.sleep)).rejects.toThrow(/ECONNREFUSED/);
    expect(r.slept).toEqual([]);
  });

  it('does not wait for an error that waiting cannot mend (a wrong password)', async () => {
    const r = recorder();
    const wrongPassword = Object.assign(new Error('password authentication failed for user "kiosk"'), { code: '28P01' });
    await expect(untilReachable(60_000, r.logger as never, async () => Promise.reject(wrongPassword), r.sleep)).rejects.toBe(wrongPassword);
    expect(r.slept).toEqual([]);
  });
});

describe('start-up when the database stops while the process migrates', () => {
  it('runs the migrations again once the database is back (they were undone with their transaction)', async () => {
    const r = recorder();
    let runs = 0;
    const database = {
      embedded: true,
      db: {
        runMigrations: async () => {
          runs += 1;
          // What a PostgreSQL that stops says to its connections (seen in the scale-out fault run: the process exited).
          if (runs === 1) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          return [];
        },
      },
      close: async () => undefined,
    } as unknown as Database;
    await migrateWhenReachable(database, 60_000, r.logger as never, r.sleep);
    expect(runs).toBe(2);
    expect(r.slept).toEqual([1_000]);
    expect(r.warnings.map((w) => w.attempt)).toEqual([1]);
  });

  it('fails at once on a migration error waiting cannot mend', async () => {
    const r = recorder();
    const broken = Object.assign(new Error('relation "x" already exists'), { code: '42P07' });
    const database = { embedded: true, db: { runMigrations: async () => Promise.reject(broken) }, close: async () => undefined } as unknown as Database;
    await expect(migrateWhenReachable(database, 60_000, r.logger as never, r.sleep)).rejects.toBe(broken);
    expect(r.slept).toEqual([]);
  });
});
