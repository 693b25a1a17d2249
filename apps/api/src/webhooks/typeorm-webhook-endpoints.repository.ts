import { WebhookEndpoint, WebhookEndpointRepository, WebhookEndpointState } from '@kiosk/domain/webhooks';
import { DataSource } from 'typeorm';
import { SealedBox } from '../platform/crypto/sealed-box';
import { sqlRows } from '../platform/database/sql';

export interface EndpointRow {
  vendor_id: string;
  id: string;
  url: string;
  event_types: string[] | null;
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  secrets: { sealed: string; createdAt: string; expiresAt: string | null }[];
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const ENDPOINT_COLUMNS = `vendor_id, id, url, event_types, description, status, disabled_reason, secrets, failing_since, created_at, updated_at`;

/** Endpoints in `webhook_endpoints`; signing secrets sealed with SECRETS_KEY (AES-256-GCM), never stored in the clear. */
export class TypeOrmWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(
    private readonly db: DataSource,
    private readonly box: SealedBox,
  ) {}

  toDomain(row: EndpointRow): WebhookEndpoint {
    const state: WebhookEndpointState = {
      id: row.id,
      vendorId: row.vendor_id,
      url: row.url,
      eventTypes: row.event_types,
      description: row.description,
      status: row.status,
      disabledReason: row.disabled_reason,
      secrets: row.secrets.map((s) => ({
        secret: this.box.open(s.sealed),
        createdAt: new Date(s.createdAt),
        expiresAt: s.expiresAt ? new Date(s.expiresAt) : null,
      })),
      failingSince: row.failing_since ? new Date(row.failing_since) : null,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    };
    return WebhookEndpoint.rehydrate(state);
  }

  private values(endpoint: WebhookEndpoint): unknown[] {
    const s = endpoint.snapshot();
    return [
      s.vendorId,
      s.id,
      s.url,
      s.eventTypes,
      s.description,
      s.status,
      s.disabledReason,
      JSON.stringify(
        s.secrets.map((x) => ({ sealed: this.box.seal(x.secret), createdAt: x.createdAt.toISOString(), expiresAt: x.expiresAt?.toISOString() ?? null })),
      ),
      s.failingSince,
      s.createdAt,
      s.updatedAt,
    ];
  }

  async add(endpoint: WebhookEndpoint): Promise<void> {
    await sqlRows(this.db, `INSERT INTO webhook_endpoints (${ENDPOINT_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`, this.values(endpoint));
  }

  async get(vendorId: string, endpointId: string): Promise<WebhookEndpoint | null> {
    const [row] = await sqlRows<EndpointRow>(this.db, `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE vendor_id = $1 AND id = $2`, [
      vendorId,
      endpointId,
    ]);
    return row ? this.toDomain(row) : null;
  }

  async list(vendorId: string): Promise<WebhookEndpoint[]> {
    const rows = await sqlRows<EndpointRow>(this.db, `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE vendor_id = $1 ORDER BY created_at, id`, [
      vendorId,
    ]);
    return rows.map((r) => this.toDomain(r));
  }

  /** Saves what the use case changed; the failure count is the deliverer's and is kept unless the endpoint was enabled again. */
  async save(endpoint: WebhookEndpoint): Promise<void> {
    const v = this.values(endpoint);
    await sqlRows(
      this.db,
      `UPDATE webhook_endpoints SET url = $3, event_types = $4, description = $5, status = $6, disabled_reason = $7, secrets = $8,
              failing_since = CASE WHEN $6 = 'enabled' AND status = 'disabled' THEN NULL ELSE failing_since END, updated_at = $9
        WHERE vendor_id = $1 AND id = $2`,
      [v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[10]],
    );
  }

  async delete(vendorId: string, endpointId: string): Promise<boolean> {
    const rows = await sqlRows(this.db, `DELETE FROM webhook_endpoints WHERE vendor_id = $1 AND id = $2 RETURNING id`, [vendorId, endpointId]);
    if (rows.length === 0) return false;
    await sqlRows(this.db, `UPDATE webhook_deliveries SET state = 'failed' WHERE vendor_id = $1 AND endpoint_id = $2 AND state = 'pending'`, [
      vendorId,
      endpointId,
    ]);
    return true;
  }
}
