import { Clock } from '@kiosk/domain';
import { Entitlement, EntitlementRepository, EntitlementType } from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { preparedRows, sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { EntitlementRow } from './access.rows';

const toEntitlement = (row: EntitlementRow): Entitlement => ({
  id: row.id,
  vendorId: row.vendorId,
  userId: row.userId,
  sku: row.sku,
  purchaseOptionId: row.purchaseOptionId,
  type: row.type as EntitlementType,
  title: row.title,
  cover: row.cover,
  url: row.url,
  presentationUrl: row.presentationUrl,
  publisherContentId: row.publisherContentId,
  origin: { type: row.originType as Entitlement['origin']['type'], id: row.originId, listId: row.originListId, name: row.originName },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  expiresAt: row.expiresAt,
  revokedAt: row.revokedAt,
});

export interface RawRow {
  vendor_id: string;
  id: string;
  user_id: string;
  sku: string;
  purchase_option_id: string | null;
  type: string;
  title: string;
  cover: string | null;
  url: string | null;
  presentation_url: string | null;
  publisher_content_id: string | null;
  origin_type: string;
  origin_id: string;
  origin_list_id: string | null;
  origin_name: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
}

export const fromRaw = (r: RawRow): Entitlement =>
  toEntitlement({
    vendorId: r.vendor_id,
    id: r.id,
    userId: r.user_id,
    sku: r.sku,
    purchaseOptionId: r.purchase_option_id,
    type: r.type,
    title: r.title,
    cover: r.cover,
    url: r.url,
    presentationUrl: r.presentation_url,
    publisherContentId: r.publisher_content_id,
    originType: r.origin_type,
    originId: r.origin_id,
    originListId: r.origin_list_id,
    originName: r.origin_name,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
  });

/** The columns of `entitlements`, in the order `grantEntitlementsSql` answers them (for a UNION ALL). */
export const ENTITLEMENT_COLUMNS = `vendor_id, id, user_id, sku, purchase_option_id, type, title, cover, url, presentation_url, publisher_content_id,
  origin_type, origin_id, origin_list_id, origin_name, created_at, updated_at, expires_at, revoked_at`;

/**
 * The access-list grants in force at `now` (ACTIVE grant on an ACTIVE list,
 * `starts_at <= now < ends_at`) as rows of `entitlements`, origin EXTERNAL,
 * for the user `user` names or, without it, for every user of the vendor
 * whose e-mail has one (the domain's `grantInForce` / `entitlementOfGrant`,
 * docs/access-lists.md). Arguments are SQL parameter names such as `$1`.
 */
export function grantEntitlementsSql(p: { vendor: string; now: string; user?: string }): string {
  return `SELECT g.vendor_id, g.id, u.id, g.sku, g.purchase_option_id, g.product_type, g.title, g.cover, NULL, NULL, g.publisher_content_id,
              'EXTERNAL', g.id, g.list_id, l.name, g.created_at, g.updated_at, g.ends_at, NULL::timestamptz
         FROM access_grants g
         JOIN access_lists l ON l.vendor_id = g.vendor_id AND l.id = g.list_id
         JOIN users u ON u.vendor_id = g.vendor_id AND u.email = g.email${p.user ? ` AND u.id = ${p.user}` : ''}
        WHERE g.vendor_id = ${p.vendor} AND g.status = 'ACTIVE' AND l.status = 'ACTIVE'
          AND (g.starts_at IS NULL OR g.starts_at <= ${p.now}::timestamptz) AND (g.ends_at IS NULL OR g.ends_at > ${p.now}::timestamptz)`;
}

/**
 * The user's live entitlements as one SQL query, for a statement of another
 * module that must read them in the same round trip (the paywall's counted
 * read and strategy evaluation of a signed-in reader, decision 25): stored
 * ones and access-list grants in force, not revoked and not ended at `now`
 * (the domain's `hasAccess`), in the columns of `entitlements`. Arguments are
 * SQL parameter names such as `$1`.
 */
export function liveEntitlementsSql(p: { vendor: string; user: string; now: string }): string {
  return `SELECT * FROM (
      SELECT ${ENTITLEMENT_COLUMNS} FROM entitlements WHERE vendor_id = ${p.vendor} AND user_id = ${p.user}
      UNION ALL
      ${grantEntitlementsSql(p)}
    ) e
    WHERE e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > ${p.now}::timestamptz)`;
}

/**
 * The domain's `CheckAccess` question as one SQL boolean expression: whether
 * the user holds a live entitlement (`liveEntitlementsSql`) for one of `skus`
 * (a `text[]`) or for the content itself.
 */
export function holdsAccessSql(p: { vendor: string; user: string; now: string; content: string; skus: string }): string {
  return `EXISTS (
    SELECT 1 FROM (${liveEntitlementsSql(p)}) l
     WHERE l.sku = ANY(${p.skus}::text[]) OR l.publisher_content_id = ${p.content})`;
}

/** The PostgreSQL notification channel a grant notifies, with payload `<vendorId>:<userId>`. */
export const ENTITLEMENT_GRANTED_CHANNEL = 'kiosk_entitlement_granted';

/** The text of `listByUser`'s statement, built once (its prepared statement is named by its text). */
const ENTITLEMENTS_OF_USER = `SELECT ${ENTITLEMENT_COLUMNS} FROM entitlements WHERE vendor_id = $1 AND user_id = $2
       UNION ALL
       ${grantEntitlementsSql({ vendor: '$1', now: '$3', user: '$2' })}
       ORDER BY created_at DESC, id DESC`;

/**
 * Entitlements, one per (vendor, user, sku, origin): the unique key makes a
 * grant idempotent, and the upsert makes parallel grants of the same right
 * end with one row.
 */
export class TypeOrmEntitlementRepository implements EntitlementRepository {
  /** `clock` decides which access-list grants are in force (the vendor's test clock included). */
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async listByOrigin(vendorId: string, originType: string, originId: string): Promise<Entitlement[]> {
    const rows = await managerOf(this.db)
      .getRepository(EntitlementRow)
      .find({ where: { vendorId, originType, originId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toEntitlement);
  }

  async grant(e: Entitlement): Promise<Entitlement> {
    const [row] = await sqlRows<RawRow>(
      this.db,
      `INSERT INTO entitlements (vendor_id, id, user_id, sku, purchase_option_id, type, title, cover, url, presentation_url,
                                 publisher_content_id, origin_type, origin_id, origin_list_id, origin_name,
                                 created_at, updated_at, expires_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       ON CONFLICT (vendor_id, user_id, sku, origin_type, origin_id) DO UPDATE SET
         purchase_option_id = EXCLUDED.purchase_option_id,
         type = EXCLUDED.type,
         title = EXCLUDED.title,
         cover = EXCLUDED.cover,
         publisher_content_id = EXCLUDED.publisher_content_id,
         origin_list_id = EXCLUDED.origin_list_id,
         origin_name = EXCLUDED.origin_name,
         updated_at = EXCLUDED.updated_at,
         expires_at = EXCLUDED.expires_at,
         revoked_at = EXCLUDED.revoked_at
       RETURNING *`,
      [
        e.vendorId,
        e.id,
        e.userId,
        e.sku,
        e.purchaseOptionId,
        e.type,
        e.title,
        e.cover,
        e.url,
        e.presentationUrl,
        e.publisherContentId,
        e.origin.type,
        e.origin.id,
        e.origin.listId,
        e.origin.name,
        e.createdAt,
        e.updatedAt,
        e.expiresAt,
        e.revokedAt,
      ],
    );
    // Wakes readers waiting for this user's new entitlement (GET /entitlements?wait-for-entitlement-after),
    // in every process; PostgreSQL delivers it when the grant's transaction commits.
    await sqlRows(this.db, `SELECT pg_notify($1, $2)`, [ENTITLEMENT_GRANTED_CHANNEL, `${e.vendorId}:${e.userId}`]);
    return fromRaw(row);
  }

  async revoke(vendorId: string, entitlementId: string, at: Date): Promise<void> {
    await sqlRows(
      this.db,
      `UPDATE entitlements SET revoked_at = $3, updated_at = $3 WHERE vendor_id = $1 AND id = $2 AND revoked_at IS NULL`,
      [vendorId, entitlementId, at],
    );
  }

  /**
   * On every entitled read and signed-in evaluation: plain SQL, one
   * statement. Beside the stored entitlements, the access-list grants in
   * force now (ACTIVE grant on an ACTIVE list, `starts_at <= now < ends_at`)
   * for the user's e-mail, as entitlements with origin EXTERNAL (the rule is
   * the domain's `grantInForce` / `entitlementOfGrant`, docs/access-lists.md).
   */
  async listByUser(vendorId: string, userId: string): Promise<Entitlement[]> {
    // Every paywall read, unlock and entitlement list of a signed-in reader asks this: prepared once per connection.
    const rows = await preparedRows<RawRow>(this.db, ENTITLEMENTS_OF_USER, [vendorId, userId, this.clock.now()]);
    return rows.map(fromRaw);
  }
}
