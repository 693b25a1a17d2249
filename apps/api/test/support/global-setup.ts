import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The run's databases. With TEST_DATABASE_URL or DATABASE_URL the tests use
 * that PostgreSQL's server (CI makes a fresh database per run): each jest
 * worker makes a database of its own beside the run's one
 * (worker-environment.ts); the files of one worker share it and keep apart
 * by using their own vendors. Otherwise
 * each jest worker starts its own in-memory PGlite on a free port
 * (worker-environment.ts): PGlite is one session, so the workers must not
 * share one.
 */
export default async function globalSetup(): Promise<void> {
  // The script host serves apps/web's build: make it from the current source (esbuild, well under a second).
  execFileSync(process.execPath, [join(__dirname, '../../../web/build.mjs')], { stdio: 'inherit' });
  // The portal at /portal serves apps/portal's build, made the same way.
  execFileSync(process.execPath, [join(__dirname, '../../../portal/build.mjs')], { stdio: 'inherit' });
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url) {
    process.env.KIOSK_TEST_RUN_DATABASE_URL = url; // each worker makes its own database beside it
    process.env.KIOSK_TEST_DATABASE_URL = url;
    process.env.KIOSK_TEST_EMBEDDED = '0';
    return;
  }
  delete process.env.KIOSK_TEST_DATABASE_URL; // set per worker, once its database serves
  process.env.KIOSK_TEST_EMBEDDED = '1';
}
