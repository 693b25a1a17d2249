import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CreateVendor } from '@kiosk/domain/catalog';
import { loadConfig } from '../../src/config';
import { exitWith } from '../../src/cli/kiosk';
import { createLogger } from '../../src/platform/logger';
import { Database, openDatabase } from '../../src/platform/database/open-database';
import { readBackup, restoreBackup, takeBackup, writeBackup } from '../../src/platform/database/backup';
import { sqlRows } from '../../src/platform/database/sql';
import { createRuntime, Runtime } from '../../src/runtime';
import { ConfigCache } from '../../src/platform/cache/config-cache';
import { PaywallViewCounter } from '../../src/paywalls/paywall-view-counter';

/*
 * `kiosk backup FILE` / `kiosk restore FILE` (issue 29) on an embedded
 * database in a folder of its own, as a deployment has it: a backup taken
 * while the service's runtime has it open, data changed, the backup
 * restored, the backed-up data found again.
 */
let dir: string;
let database: Database;
let runtime: Runtime;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-backup-'));
  const config = loadConfig({ NODE_ENV: 'test', BASE_URL: 'http://kiosk.test', DATA_DIR: join(dir, 'data'), EMBEDDED_DB_PORT: '0', LOG_LEVEL: 'silent' });
  database = await openDatabase(config, createLogger('silent'));
  runtime = await createRuntime(config, database, createLogger('silent'));
});
afterAll(async () => {
  runtime.idempotency.close();
  await runtime.container.get(PaywallViewCounter).close();
  await runtime.container.get(ConfigCache).close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const vendorNames = async () =>
  (await sqlRows<{ id: string; name: string }>(database.db, 'SELECT id, name FROM vendors ORDER BY id')).map((v) => `${v.id}=${v.name}`);

describe('kiosk backup and kiosk restore', () => {
  it('restores exactly the rows the backup took, after the data changed', async () => {
    const vendors = runtime.container.get(CreateVendor);
    await vendors.execute({ id: 'kept-news', name: 'Kept News', domains: ['kept.example.com'] });
    const file = join(dir, 'kiosk.backup');
    const written = await writeBackup(database.db, file);
    expect(written).toMatchObject({ file, migrations: expect.any(Number) });
    expect(written.rows).toBeGreaterThan(0);
    const before = await vendorNames();
    expect(before).toContain('kept-news=Kept News');

    await database.db.query("UPDATE vendors SET name = 'Renamed' WHERE id = 'kept-news'");
    await vendors.execute({ id: 'later-news', name: 'Later News', domains: ['later.example.com'] });
    expect(await vendorNames()).toEqual(expect.arrayContaining(['kept-news=Renamed', 'later-news=Later News']));

    const restored = await restoreBackup(database.db, await readBackup(file));
    expect(restored.rows).toBe(written.rows);
    expect(await vendorNames()).toEqual(before);
    // The restored database is whole: a second backup reads the same rows as the first.
    const again = await takeBackup(database.db);
    const first = await readBackup(file);
    expect(again.tables).toEqual(first.tables);
    expect(again.migrations).toEqual(first.migrations);
    // And the service goes on writing on it.
    await vendors.execute({ id: 'after-restore', name: 'After', domains: ['after.example.com'] });
    expect(await vendorNames()).toContain('after-restore=After');
  });

  it('refuses a file that is not a backup, and a backup of another migration, with exit code 2 and nothing changed', async () => {
    const junk = join(dir, 'junk');
    writeFileSync(junk, 'not a backup');
    const refusal = await readBackup(junk).catch((error: unknown) => error);
    expect(exitWith(refusal)).toEqual({ code: 2, message: expect.stringMatching(/^kiosk: refused: .*junk is not a Kiosk backup/) });

    const before = await vendorNames();
    const older = join(dir, 'older.backup');
    const backup = await takeBackup(database.db);
    writeFileSync(older, gzipSync(JSON.stringify({ ...backup, migrations: backup.migrations.slice(0, -1), tables: {} })));
    const wrong = await restoreBackup(database.db, await readBackup(older)).catch((error: unknown) => error);
    expect(exitWith(wrong)).toEqual({ code: 2, message: expect.stringMatching(/^kiosk: refused: the backup was taken at another migration/) });
    expect(await vendorNames()).toEqual(before);
  });
});
