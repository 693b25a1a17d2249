import { readFile, rename, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DataSource, EntityManager } from 'typeorm';
import { sqlRows } from './sql';

/**
 * `kiosk backup FILE` and `kiosk restore FILE` (docs/operations.md,
 * "Backups"): every table's rows and every sequence's position, as gzipped
 * JSON. The backup is ONE SELECT statement, so it reads one snapshot: it is
 * consistent while the service runs and writes, also through the embedded
 * database's socket, where every connection shares one session and a
 * transaction of the command line's own would mix with the service's
 * statements. It holds all the rows in memory at once: the embedded database
 * holds one developer's or a small deployment's data (PostgreSQL has
 * pg_dump). A restore replaces every row in one transaction, on a database
 * at the same migration as the backup.
 */
export interface Backup {
  readonly format: 'kiosk-backup';
  readonly version: 1;
  readonly createdAt: string;
  /** The migrations the backed-up database had run, in order: a restore needs the same. */
  readonly migrations: string[];
  readonly tables: Record<string, unknown[]>;
  /** Sequence name → its last value (null: never used). */
  readonly sequences: Record<string, string | null>;
}

export class BackupRefused extends Error {}

const MIGRATIONS_TABLE = 'schema_migrations';
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** "schema"."name" of a qualified name as this module writes it (schema.name). */
const qualified = (name: string) => name.split('.').map(quoted).join('.');

async function userTables(db: DataSource | EntityManager): Promise<string[]> {
  const rows = await sqlRows<{ name: string }>(
    db,
    `SELECT schemaname || '.' || tablename AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%'
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function userSequences(db: DataSource | EntityManager): Promise<string[]> {
  const rows = await sqlRows<{ name: string }>(
    db,
    `SELECT schemaname || '.' || sequencename AS name FROM pg_sequences
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Reads the whole database in one statement (one snapshot). */
export async function takeBackup(db: DataSource): Promise<Backup> {
  const tables = await userTables(db);
  const sequences = await userSequences(db);
  const tableParts = tables.map(
    (t) => `'${t.replace(/'/g, "''")}', (SELECT coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) FROM ${qualified(t)} r)`,
  );
  const sequenceParts = sequences.map((s) => `'${s.replace(/'/g, "''")}', (SELECT CASE WHEN is_called THEN last_value::text END FROM ${qualified(s)})`);
  // jsonb_build_object takes at most 100 arguments: the objects are built in pairs of 50 keys and merged.
  const object = (parts: string[]) =>
    parts.length === 0
      ? `'{}'::jsonb`
      : chunks(parts, 50)
          .map((c) => `jsonb_build_object(${c.join(', ')})`)
          .join(' || ');
  const [row] = await sqlRows<{ tables: Record<string, unknown[]>; sequences: Record<string, string | null> }>(
    db,
    `SELECT ${object(tableParts)} AS tables, ${object(sequenceParts)} AS sequences`,
  );
  const migrationsKey = tables.find((t) => t.endsWith(`.${MIGRATIONS_TABLE}`));
  const migrations = migrationsKey
    ? (row.tables[migrationsKey] as { timestamp: string | number; name: string }[])
        .slice()
        .sort((a, b) => Number(a.timestamp) - Number(b.timestamp))
        .map((m) => m.name)
    : [];
  return { format: 'kiosk-backup', version: 1, createdAt: new Date().toISOString(), migrations, tables: row.tables, sequences: row.sequences };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes a backup to FILE (gzipped JSON), through a temporary file so a half-written backup never has the name. */
export async function writeBackup(db: DataSource, file: string): Promise<{ file: string; tables: number; rows: number; migrations: number }> {
  const backup = await takeBackup(db);
  const partial = `${file}.partial`;
  await writeFile(partial, gzipSync(Buffer.from(JSON.stringify(backup))), { mode: 0o600 });
  await rename(partial, file);
  const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
  return { file, tables: Object.keys(backup.tables).length, rows, migrations: backup.migrations.length };
}

export async function readBackup(file: string): Promise<Backup> {
  let parsed: Partial<Backup>;
  try {
    parsed = JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as Partial<Backup>;
  } catch (error) {
    throw new BackupRefused(`${file} is not a Kiosk backup (${error instanceof Error ? error.message : String(error)})`);
  }
  if (parsed.format !== 'kiosk-backup' || parsed.version !== 1 || !parsed.tables || !parsed.sequences || !Array.isArray(parsed.migrations)) {
    throw new BackupRefused(`${file} is not a Kiosk backup of a version this Kiosk reads`);
  }
  return parsed as Backup;
}

/**
 * Replaces every row of the database with the backup's, in one transaction
 * (a failure leaves the database as it was). Foreign keys and triggers are
 * not checked row by row while the rows go in (`session_replication_role =
 * replica`): the rows are one snapshot of a consistent database.
 */
export async function restoreBackup(db: DataSource, backup: Backup): Promise<{ tables: number; rows: number }> {
  const current = (await takeMigrations(db)).join('\n');
  if (current !== backup.migrations.join('\n')) {
    throw new BackupRefused(
      `the backup was taken at another migration (${backup.migrations.at(-1) ?? 'none'}) than this database's ` +
        `(${current.split('\n').at(-1) || 'none'}): restore it with the Kiosk version that took it`,
    );
  }
  let rows = 0;
  await db.transaction(async (manager) => {
    const tables = await userTables(manager);
    const unknown = Object.keys(backup.tables).filter((t) => !tables.includes(t));
    if (unknown.length) throw new BackupRefused(`the backup has tables this database has not: ${unknown.join(', ')}`);
    await manager.query('SET LOCAL session_replication_role = replica');
    if (tables.length) await manager.query(`TRUNCATE ${tables.map(qualified).join(', ')}`);
    for (const [table, data] of Object.entries(backup.tables)) {
      if (data.length === 0) continue;
      await manager.query(
        `INSERT INTO ${qualified(table)} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${qualified(table)}, $1::jsonb)`,
        [JSON.stringify(data)],
      );
      rows += data.length;
    }
    for (const [sequence, last] of Object.entries(backup.sequences)) {
      if (last === null) await manager.query(`ALTER SEQUENCE ${qualified(sequence)} RESTART`);
      else await manager.query('SELECT setval($1::regclass, $2::bigint, true)', [qualified(sequence), last]);
    }
  });
  return { tables: Object.keys(backup.tables).length, rows };
}

async function takeMigrations(db: DataSource): Promise<string[]> {
  const rows = await sqlRows<{ name: string }>(db, `SELECT name FROM ${quoted(MIGRATIONS_TABLE)} ORDER BY timestamp`).catch(() => []);
  return rows.map((r) => r.name);
}
