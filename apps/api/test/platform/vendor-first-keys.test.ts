import { startTestApp } from '../support/harness';

/**
 * docs/operations.md plans to distribute the vendor tables by `vendor_id`
 * (Citus), which needs the vendor in every unique constraint: every table
 * with a vendor column keys by it, except the few named there as reference
 * tables (looked up before the vendor is known).
 */
const REFERENCE_TABLES = ['browser_clients', 'password_reset_tokens', 'staff_invitations', 'vendors'];

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it('keeps the vendor in the primary key and every unique constraint of each vendor table', async () => {
  const rows = (await app.runtime.database.db.query(
    `SELECT c.relname AS table, con.conname AS name, con.contype AS kind,
            array(SELECT a.attname::text FROM unnest(con.conkey) k JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k ORDER BY a.attname)::text[] AS columns
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND con.contype IN ('p', 'u')
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'vendor_id' AND NOT a.attisdropped)`,
  )) as { table: string; name: string; kind: string; columns: string[] }[];
  const keyed = rows.filter((r) => !REFERENCE_TABLES.includes(r.table));
  expect(keyed.length).toBeGreaterThan(40);
  expect(keyed.filter((r) => !r.columns.includes('vendor_id')).map((r) => `${r.table}.${r.name} (${r.columns.join(', ')})`)).toEqual([]);
  for (const table of ['mail_messages', 'engagement_delivery_requests', 'outbox', 'api_keys', 'idempotency_keys']) {
    expect(keyed.some((r) => r.table === table && r.kind === 'p')).toBe(true);
  }
});
