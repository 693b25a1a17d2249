import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

/**
 * One database for the whole run. With TEST_DATABASE_URL or DATABASE_URL the
 * tests use that PostgreSQL (CI makes a fresh one per run); otherwise an
 * in-memory PGlite served on a free port. Test files share it and keep apart
 * by using their own vendors.
 */
export default async function globalSetup(): Promise<void> {
  // The script host serves apps/web's build: make it from the current source (esbuild, well under a second).
  execFileSync(process.execPath, [join(__dirname, '../../../web/build.mjs')], { stdio: 'inherit' });
  // The portal at /portal serves apps/portal's build, made the same way.
  execFileSync(process.execPath, [join(__dirname, '../../../portal/build.mjs')], { stdio: 'inherit' });
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url) {
    process.env.KIOSK_TEST_DATABASE_URL = url;
    process.env.KIOSK_TEST_EMBEDDED = '0';
    return;
  }
  const embedded = await startEmbeddedPostgres(null, 0);
  (globalThis as { kioskEmbedded?: typeof embedded }).kioskEmbedded = embedded;
  process.env.KIOSK_TEST_DATABASE_URL = embedded.url;
  process.env.KIOSK_TEST_EMBEDDED = '1';
}
