import { BrowserClientRepository } from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../platform/database/sql';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/** What the embedded provider knows of a vendor's browser client: our own callback is its only redirect. */
export function oidcClientMetadata(clientId: string, baseUrl: string) {
  return {
    client_id: clientId,
    client_name: clientId,
    redirect_uris: [`${baseUrl}/auth/${clientId}/callback`],
    post_logout_redirect_uris: [`${baseUrl}/auth/${clientId}/logged-out`],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'none',
    application_type: 'web',
  };
}

/**
 * oidc-provider's storage in PostgreSQL (table `oidc_payloads`): sessions,
 * interactions, codes, grants and tokens survive restarts and are shared by
 * every process. Clients are not stored here: they are the vendors' browser
 * clients, read from `browser_clients`.
 */
export function postgresOidcAdapter(
  db: DataSource,
  clients: Pick<BrowserClientRepository, 'findById'>,
  baseUrl: string,
): new (model: string) => PostgresOidcAdapter {
  // oidc-provider makes one adapter per model with `new Adapter(model)`.
  return class extends PostgresOidcAdapter {
    constructor(model: string) {
      super(model, db, clients, baseUrl);
    }
  };
}

export class PostgresOidcAdapter {
  constructor(
    private readonly model: string,
    private readonly db: DataSource,
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly baseUrl: string,
  ) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await sqlRows(
        this.db,
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt],
      );
    }

    async find(id: string): Promise<Payload | undefined> {
      if (this.model === 'Client') {
        const client = await this.clients.findById(id);
        return client ? oidcClientMetadata(client.clientId, this.baseUrl) : undefined;
      }
      return this.findBy('id', id);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await sqlRows(this.db, `UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      await sqlRows(this.db, `DELETE FROM oidc_payloads WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await sqlRows(this.db, `DELETE FROM oidc_payloads WHERE grant_id = $1`, [grantId]);
    }

    private async findBy(column: 'id' | 'user_code' | 'uid', value: string): Promise<Payload | undefined> {
      const [row] = await sqlRows<{ payload: Payload; consumed_at: Date | null }>(
        this.db,
        `SELECT payload, consumed_at FROM oidc_payloads
          WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      if (!row) return undefined;
      return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
    }
}
