import { ScriptConfiguration, ScriptConfigurationRepository, ScriptRelease, ScriptReleaseRepository, ScriptSettings } from '@kiosk/domain/scripts';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { ShippedRelease } from './script-files';

interface ConfigurationRow {
  vendor_id: string;
  settings: ScriptSettings;
  version: number;
  updated_at: Date;
}

export class TypeOrmScriptConfigurationRepository implements ScriptConfigurationRepository {
  constructor(private readonly db: DataSource) {}

  async find(vendorId: string): Promise<ScriptConfiguration | null> {
    const [row] = await sqlRows<ConfigurationRow>(this.db, `SELECT * FROM script_configurations WHERE vendor_id = $1`, [vendorId]);
    return row ? { vendorId: row.vendor_id, settings: row.settings, version: row.version, updatedAt: new Date(row.updated_at) } : null;
  }

  /** One conditional statement: an insert for the first version, else an update that matches only the expected version. */
  async saveIfVersion(next: ScriptConfiguration, expectedVersion: number): Promise<boolean> {
    const rows =
      expectedVersion === 0
        ? await sqlRows(
            this.db,
            `INSERT INTO script_configurations (vendor_id, settings, version, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (vendor_id) DO NOTHING RETURNING vendor_id`,
            [next.vendorId, JSON.stringify(next.settings), next.version, next.updatedAt],
          )
        : await sqlRows(
            this.db,
            `UPDATE script_configurations SET settings = $2, version = $3, updated_at = $4 WHERE vendor_id = $1 AND version = $5 RETURNING vendor_id`,
            [next.vendorId, JSON.stringify(next.settings), next.version, next.updatedAt, expectedVersion],
          );
    return rows.length === 1;
  }
}

interface ReleaseRow {
  version: string;
  released_at: Date;
}

/** How long a process keeps the release list and the stable channel: a promotion reaches every process within this. */
export const RELEASES_TTL_MS = 5_000;

/**
 * Releases in the database. The build this process ships is recorded the
 * first time releases are read (once per process), so every version that
 * was ever shipped stays addressable. Releases change only at a deployment
 * or a promotion, so the list and the channel are kept for RELEASES_TTL_MS:
 * a bundle request then reads only what is the vendor's.
 */
export class TypeOrmScriptReleaseRepository implements ScriptReleaseRepository {
  private recorded: Promise<void> | undefined;
  private kept: { until: number; releases: Promise<ScriptRelease[]>; stable: Promise<string | null> } | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly shipped: () => ShippedRelease | null,
    private readonly now: () => Date,
  ) {}

  private recordShipped(): Promise<void> {
    this.recorded ??= (async () => {
      const release = this.shipped();
      if (!release) return;
      await sqlRows(
        this.db,
        `INSERT INTO script_releases (version, service_js, service_components, released_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (version) DO NOTHING`,
        [release.version, release.serviceJs, release.serviceComponents, this.now()],
      );
    })().catch((error: unknown) => {
      this.recorded = undefined;
      throw error;
    });
    return this.recorded;
  }

  private current() {
    if (this.kept && this.kept.until > Date.now()) return this.kept;
    const releases = this.recordShipped().then(async () => {
      const rows = await sqlRows<ReleaseRow>(this.db, `SELECT version, released_at FROM script_releases`);
      return rows.map((r) => ({ version: r.version, releasedAt: new Date(r.released_at) }));
    });
    const stable = releases.then(async () => {
      const [row] = await sqlRows<{ version: string }>(this.db, `SELECT version FROM script_channels WHERE name = 'stable'`);
      return row?.version ?? null;
    });
    const kept = { until: Date.now() + RELEASES_TTL_MS, releases, stable };
    // A failed read is not kept: the next request tries again.
    Promise.all([releases, stable]).catch(() => {
      if (this.kept === kept) this.kept = undefined;
    });
    this.kept = kept;
    return kept;
  }

  list(): Promise<ScriptRelease[]> {
    return this.current().releases;
  }

  stable(): Promise<string | null> {
    return this.current().stable;
  }

  async promote(version: string): Promise<void> {
    await sqlRows(
      this.db,
      `INSERT INTO script_channels (name, version, updated_at) VALUES ('stable', $1, $2)
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`,
      [version, this.now()],
    );
    this.kept = undefined;
  }

  /** The files of one version. */
  async files(version: string): Promise<{ serviceJs: string; serviceComponents: string } | null> {
    await this.recordShipped();
    const [row] = await sqlRows<{ service_js: string; service_components: string }>(
      this.db,
      `SELECT service_js, service_components FROM script_releases WHERE version = $1`,
      [version],
    );
    return row ? { serviceJs: row.service_js, serviceComponents: row.service_components } : null;
  }
}
