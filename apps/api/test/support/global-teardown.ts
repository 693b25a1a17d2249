import { onRunDatabase, stopWorkerEmbeddedPostgres } from './worker-environment';

/**
 * Running in band, the one "worker" is this process: its embedded database
 * stops here. On PostgreSQL the workers' databases (`<run database>_w<n>`) are dropped.
 */
export default async function globalTeardown(): Promise<void> {
  await stopWorkerEmbeddedPostgres();
  const runUrl = process.env.KIOSK_TEST_RUN_DATABASE_URL;
  if (!runUrl) return;
  const run = decodeURIComponent(new URL(runUrl).pathname.slice(1));
  await onRunDatabase(runUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1 || '_w') AND substr(datname, length($1) + 3) ~ '^[0-9]+$'`,
      [run],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
