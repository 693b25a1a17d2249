import {
  AccessGrant,
  AccessGrantRepository,
  AccessList,
  AccessListRepository,
  AccessListStatus,
  AccessListType,
  EntitlementType,
  GrantAddress,
  GrantPage,
  GrantStatus,
} from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../platform/database/sql';
import { managerOf } from '../../platform/database/transaction';

interface ListRaw {
  vendor_id: string;
  id: string;
  name: string;
  description: string | null;
  type: string;
  status: string;
  exclude_from_stats: boolean;
  created_at: Date;
  updated_at: Date;
}

const toList = (r: ListRaw): AccessList => ({
  vendorId: r.vendor_id,
  id: r.id,
  name: r.name,
  description: r.description,
  type: r.type as AccessListType,
  status: r.status as AccessListStatus,
  excludeFromStats: r.exclude_from_stats,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** Access lists in `access_lists`. */
export class TypeOrmAccessListRepository implements AccessListRepository {
  constructor(private readonly db: DataSource) {}

  async list(vendorId: string): Promise<AccessList[]> {
    const rows = await sqlRows<ListRaw>(managerOf(this.db), `SELECT * FROM access_lists WHERE vendor_id = $1 ORDER BY created_at, id`, [vendorId]);
    return rows.map(toList);
  }

  async find(vendorId: string, id: string): Promise<AccessList | null> {
    const [row] = await sqlRows<ListRaw>(managerOf(this.db), `SELECT * FROM access_lists WHERE vendor_id = $1 AND id = $2`, [vendorId, id]);
    return row ? toList(row) : null;
  }

  async add(list: AccessList): Promise<void> {
    await this.save(list);
  }

  async save(l: AccessList): Promise<void> {
    await sqlRows(
      managerOf(this.db),
      `INSERT INTO access_lists (vendor_id, id, name, description, type, status, exclude_from_stats, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (vendor_id, id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, type = EXCLUDED.type,
         status = EXCLUDED.status, exclude_from_stats = EXCLUDED.exclude_from_stats, updated_at = EXCLUDED.updated_at`,
      [l.vendorId, l.id, l.name, l.description, l.type, l.status, l.excludeFromStats, l.createdAt, l.updatedAt],
    );
  }
}

interface GrantRaw {
  vendor_id: string;
  id: string;
  list_id: string;
  email: string;
  sku: string;
  purchase_option_id: string;
  status: string;
  starts_at: Date | null;
  ends_at: Date | null;
  user_id: string | null;
  publisher_user_id: string | null;
  publisher_purchase_id: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  delivery_address: GrantAddress | null;
  billing_address: GrantAddress | null;
  notes: string | null;
  extra_fields: Record<string, string>;
  exclude_from_stats: boolean;
  product_type: string;
  title: string;
  cover: string | null;
  publisher_content_id: string | null;
  created_at: Date;
  updated_at: Date;
  created?: boolean;
}

const date = (d: Date | null) => (d === null ? null : new Date(d));

const toGrant = (r: GrantRaw): AccessGrant => ({
  vendorId: r.vendor_id,
  id: r.id,
  listId: r.list_id,
  email: r.email,
  sku: r.sku,
  purchaseOptionId: r.purchase_option_id,
  status: r.status as GrantStatus,
  startsAt: date(r.starts_at),
  endsAt: date(r.ends_at),
  userId: r.user_id,
  publisherUserId: r.publisher_user_id,
  publisherPurchaseId: r.publisher_purchase_id,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  deliveryAddress: r.delivery_address,
  billingAddress: r.billing_address,
  notes: r.notes,
  extraFields: r.extra_fields ?? {},
  excludeFromStats: r.exclude_from_stats,
  product: { type: r.product_type as EntitlementType, title: r.title, cover: r.cover, publisherContentId: r.publisher_content_id },
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const COLUMNS = [
  'vendor_id',
  'id',
  'list_id',
  'email',
  'sku',
  'purchase_option_id',
  'status',
  'starts_at',
  'ends_at',
  'user_id',
  'publisher_user_id',
  'publisher_purchase_id',
  'first_name',
  'last_name',
  'phone',
  'delivery_address',
  'billing_address',
  'notes',
  'extra_fields',
  'exclude_from_stats',
  'product_type',
  'title',
  'cover',
  'publisher_content_id',
  'created_at',
  'updated_at',
] as const;
const TYPES = [
  'text', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz', 'text', 'text', 'text', 'text', 'text', 'text',
  'jsonb', 'jsonb', 'text', 'jsonb', 'boolean', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz',
];

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
const valuesOf = (g: AccessGrant): unknown[] => [
  g.vendorId,
  g.id,
  g.listId,
  g.email,
  g.sku,
  g.purchaseOptionId,
  g.status,
  g.startsAt,
  g.endsAt,
  g.userId,
  g.publisherUserId,
  g.publisherPurchaseId,
  g.firstName,
  g.lastName,
  g.phone,
  json(g.deliveryAddress),
  json(g.billingAddress),
  g.notes,
  JSON.stringify(g.extraFields),
  g.excludeFromStats,
  g.product.type,
  g.product.title,
  g.product.cover,
  g.product.publisherContentId,
  g.createdAt,
  g.updatedAt,
];

/** Everything but the key and createdAt, from EXCLUDED. */
const UPDATE_SET = COLUMNS.filter((c) => !['vendor_id', 'id', 'list_id', 'created_at'].includes(c))
  .map((c) => `${c} = EXCLUDED.${c}`)
  .join(', ');
const PLACEHOLDERS = COLUMNS.map((_, i) => `$${i + 1}::${TYPES[i]}`).join(', ');
/** Rows per bulk statement: 26 arrays of this length stay far under every protocol limit. */
const CHUNK = 2_000;

/**
 * Grants in `access_grants`. One per (vendor, list, e-mail, sku) by a unique
 * key; the bulk upsert sends a chunk of rows as arrays in one statement.
 */
export class TypeOrmAccessGrantRepository implements AccessGrantRepository {
  constructor(private readonly db: DataSource) {}

  private rows(text: string, parameters: unknown[]) {
    return sqlRows<GrantRaw>(managerOf(this.db), text, parameters);
  }

  async listByList(vendorId: string, listId: string, page?: GrantPage): Promise<AccessGrant[]> {
    const rows = page
      ? await this.rows(`SELECT * FROM access_grants WHERE vendor_id = $1 AND list_id = $2 ORDER BY created_at, id LIMIT $3 OFFSET $4`, [
          vendorId,
          listId,
          page.limit,
          page.offset,
        ])
      : await this.rows(`SELECT * FROM access_grants WHERE vendor_id = $1 AND list_id = $2 ORDER BY created_at, id`, [vendorId, listId]);
    return rows.map(toGrant);
  }

  async find(vendorId: string, listId: string, id: string): Promise<AccessGrant | null> {
    const [row] = await this.rows(`SELECT * FROM access_grants WHERE vendor_id = $1 AND list_id = $2 AND id = $3`, [vendorId, listId, id]);
    return row ? toGrant(row) : null;
  }

  async findByKeys(vendorId: string, listId: string, keys: readonly { email: string; sku: string }[]): Promise<AccessGrant[]> {
    if (keys.length === 0) return [];
    const found: AccessGrant[] = [];
    for (let i = 0; i < keys.length; i += CHUNK) {
      const chunk = keys.slice(i, i + CHUNK);
      const rows = await this.rows(
        `SELECT g.* FROM access_grants g JOIN unnest($3::text[], $4::text[]) AS k(email, sku) ON g.email = k.email AND g.sku = k.sku
          WHERE g.vendor_id = $1 AND g.list_id = $2`,
        [vendorId, listId, chunk.map((k) => k.email), chunk.map((k) => k.sku)],
      );
      found.push(...rows.map(toGrant));
    }
    return found;
  }

  async add(grant: AccessGrant): Promise<boolean> {
    const rows = await this.rows(
      `INSERT INTO access_grants (${COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS}) ON CONFLICT (vendor_id, list_id, email, sku) DO NOTHING RETURNING id`,
      valuesOf(grant),
    );
    return rows.length === 1;
  }

  async save(grant: AccessGrant): Promise<boolean> {
    // One statement: the update happens only when no other grant of the list has the e-mail and sku
    // (a unique violation inside the caller's transaction would abort it).
    const set = COLUMNS.map((c, i) => [c, i] as const)
      .filter(([c]) => !['vendor_id', 'id', 'list_id'].includes(c))
      .map(([c, i]) => `${c} = $${i + 1}::${TYPES[i]}`)
      .join(', ');
    const rows = await this.rows(
      `UPDATE access_grants g SET ${set} WHERE g.vendor_id = $1 AND g.id = $2 AND g.list_id = $3
         AND NOT EXISTS (SELECT 1 FROM access_grants o WHERE o.vendor_id = $1 AND o.list_id = $3 AND o.email = $4 AND o.sku = $5 AND o.id <> $2)
       RETURNING g.id`,
      valuesOf(grant),
    );
    return rows.length === 1;
  }

  async remove(vendorId: string, listId: string, id: string): Promise<boolean> {
    const rows = await this.rows(`DELETE FROM access_grants WHERE vendor_id = $1 AND list_id = $2 AND id = $3 RETURNING id`, [vendorId, listId, id]);
    return rows.length === 1;
  }

  async upsertMany(grants: readonly AccessGrant[]): Promise<{ grant: AccessGrant; created: boolean }[]> {
    const stored: { grant: AccessGrant; created: boolean }[] = [];
    for (let i = 0; i < grants.length; i += CHUNK) {
      const chunk = grants.slice(i, i + CHUNK);
      const values = chunk.map(valuesOf);
      const columns = COLUMNS.map((_, c) => values.map((v) => v[c]));
      const arrays = COLUMNS.map((_, c) => `$${c + 1}::${TYPES[c]}[]`).join(', ');
      // xmax is 0 on a row this statement inserted, set on one it updated.
      const rows = await this.rows(
        `INSERT INTO access_grants (${COLUMNS.join(', ')}) SELECT * FROM unnest(${arrays})
         ON CONFLICT (vendor_id, list_id, email, sku) DO UPDATE SET ${UPDATE_SET}
         RETURNING *, (xmax = 0) AS created`,
        columns,
      );
      stored.push(...rows.map((r) => ({ grant: toGrant(r), created: r.created === true })));
    }
    return stored;
  }
}
