import { Site, SiteRepository, VendorDomain, VendorDomainRepository } from '@kiosk/domain/catalog';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../platform/database/sql';

/** SQLSTATE of a failed statement, through TypeORM's wrapper. */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface DomainRecord {
  vendor_id: string;
  domain: string;
  created_at: Date | string;
}

const toDomain = (r: DomainRecord): VendorDomain => ({ vendorId: r.vendor_id, domain: r.domain, createdAt: new Date(r.created_at) });

export class TypeOrmVendorDomainRepository implements VendorDomainRepository {
  constructor(private readonly db: DataSource) {}

  async add(d: VendorDomain): Promise<boolean> {
    const rows = await sqlRows(
      this.db,
      `INSERT INTO vendor_domains (vendor_id, domain, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING domain`,
      [d.vendorId, d.domain, d.createdAt],
    );
    return rows.length === 1;
  }

  async find(vendorId: string, domain: string): Promise<VendorDomain | null> {
    const rows = await sqlRows<DomainRecord>(this.db, `SELECT * FROM vendor_domains WHERE vendor_id = $1 AND domain = $2`, [vendorId, domain]);
    return rows.length > 0 ? toDomain(rows[0]) : null;
  }

  async list(vendorId: string): Promise<VendorDomain[]> {
    const rows = await sqlRows<DomainRecord>(this.db, `SELECT * FROM vendor_domains WHERE vendor_id = $1 ORDER BY domain`, [vendorId]);
    return rows.map(toDomain);
  }

  async remove(vendorId: string, domain: string): Promise<'removed' | 'missing' | 'in_use'> {
    try {
      const rows = await sqlRows(this.db, `DELETE FROM vendor_domains WHERE vendor_id = $1 AND domain = $2 RETURNING domain`, [
        vendorId,
        domain,
      ]);
      return rows.length === 1 ? 'removed' : 'missing';
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) return 'in_use';
      throw error;
    }
  }
}

interface SiteRecord {
  vendor_id: string;
  id: string;
  name: string;
  domain: string;
  url: string;
  client_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toSite = (r: SiteRecord): Site => ({
  id: r.id,
  vendorId: r.vendor_id,
  name: r.name,
  domain: r.domain,
  url: r.url,
  clientId: r.client_id,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export class TypeOrmSiteRepository implements SiteRepository {
  constructor(private readonly db: DataSource) {}

  async add(s: Site): Promise<'added' | 'unknown_domain'> {
    try {
      await sqlRows(
        this.db,
        `INSERT INTO sites (vendor_id, id, name, domain, url, client_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [s.vendorId, s.id, s.name, s.domain, s.url, s.clientId, s.createdAt, s.updatedAt],
      );
      return 'added';
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) return 'unknown_domain';
      if (sqlState(error) === UNIQUE_VIOLATION) throw new Error(`site id ${s.id} drawn twice`);
      throw error;
    }
  }

  async update(s: Site): Promise<'updated' | 'missing' | 'unknown_domain'> {
    try {
      const rows = await sqlRows(
        this.db,
        `UPDATE sites SET name = $3, domain = $4, url = $5, client_id = $6, updated_at = $7 WHERE vendor_id = $1 AND id = $2 RETURNING id`,
        [s.vendorId, s.id, s.name, s.domain, s.url, s.clientId, s.updatedAt],
      );
      return rows.length === 1 ? 'updated' : 'missing';
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) return 'unknown_domain';
      throw error;
    }
  }

  async find(vendorId: string, id: string): Promise<Site | null> {
    const rows = await sqlRows<SiteRecord>(this.db, `SELECT * FROM sites WHERE vendor_id = $1 AND id = $2`, [vendorId, id]);
    return rows.length > 0 ? toSite(rows[0]) : null;
  }

  async list(vendorId: string): Promise<Site[]> {
    const rows = await sqlRows<SiteRecord>(this.db, `SELECT * FROM sites WHERE vendor_id = $1 ORDER BY created_at, id`, [vendorId]);
    return rows.map(toSite);
  }

  async remove(vendorId: string, id: string): Promise<boolean> {
    const rows = await sqlRows(this.db, `DELETE FROM sites WHERE vendor_id = $1 AND id = $2 RETURNING id`, [vendorId, id]);
    return rows.length === 1;
  }
}
