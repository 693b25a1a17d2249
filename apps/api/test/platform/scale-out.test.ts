import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runScaleOut } from '../../src/platform/bench/scale-out';
import { HAPROXY } from '../../src/platform/bench/scale-out-cluster';
import { onRealPostgres } from '../support/harness';

/**
 * The scale-out run of `npm run scale-out` (docs/operations.md), short: a
 * private PostgreSQL, three API processes and two workers from the build
 * behind HAProxy, a steady load, `kill -9` of a process and of a worker,
 * PostgreSQL stopped fast and started again; every check of the run must
 * hold. It runs its own PostgreSQL, so it is the same on both CI passes: it
 * runs in the embedded pass only (it costs about a minute). Skipped, saying
 * why, only where HAProxy or PostgreSQL's binaries are missing.
 */

const PG_CTL = '/usr/lib/postgresql/15/bin/pg_ctl';
const BUILT = join(__dirname, '..', '..', 'dist', 'main.js');

const skipReason = onRealPostgres()
  ? 'it runs its own PostgreSQL, the same on both passes: it runs in the embedded pass only'
  : !existsSync(HAPROXY)
    ? `HAProxy is not installed (${HAPROXY}; Debian package haproxy)`
    : !existsSync(PG_CTL)
      ? `PostgreSQL's binaries are not installed (${PG_CTL})`
      : '';

it('three API processes and two workers behind HAProxy, through kill -9 of each and a PostgreSQL restart: no 500, nothing lost or doubled, one service', async () => {
  if (skipReason) {
    process.stderr.write(`scale-out.test: skipped: ${skipReason}\n`);
    return;
  }
  if (!existsSync(BUILT)) throw new Error(`the processes run the build: ${BUILT} is missing (npm run build)`);
  const lines: string[] = [];
  const result = await runScaleOut({ seconds: 15, clients: 4, pauseMs: 60, outageMs: 3_000, log: (line) => lines.push(line) });
  process.stderr.write(`${result.table}\n`);
  expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  // Each fault happened, and the load went on around them.
  expect(result.events.some((e) => /kill -9 api/.test(e))).toBe(true);
  expect(result.events.some((e) => /kill -9 worker/.test(e))).toBe(true);
  expect(result.events.some((e) => /PostgreSQL started again/.test(e))).toBe(true);
}, 400_000);
