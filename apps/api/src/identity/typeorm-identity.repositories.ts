import {
  ApiKey,
  ApiKeyRepository,
  ApiKeyRole,
  BrowserClient,
  BrowserClientRepository,
  User,
  UserRepository,
} from '@kiosk/domain/identity';
import { isUniqueViolation } from '../platform/database/errors';
import { preparedRows, sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { DataSource, IsNull } from 'typeorm';
import { ApiKeyRow, BrowserClientRow, UserRow } from './identity.rows';
import { toUser, USER_COLUMNS, UserRecord } from './user-records';

const toApiKey = (row: ApiKeyRow): ApiKey => ({ ...row, role: row.role as ApiKeyRole });

interface ApiKeyRecord {
  vendor_id: string;
  client_id: string;
  name: string;
  role: string;
  grants: string[];
  secret_hash: string;
  created_at: Date;
  revoked_at: Date | null;
}

export class TypeOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: DataSource) {}

  async add(key: ApiKey): Promise<void> {
    await managerOf(this.db).getRepository(ApiKeyRow).insert({ ...key, grants: [...key.grants] });
  }

  /** Every token exchange asks this: one prepared statement (issue 17). */
  async find(vendorId: string, clientId: string): Promise<ApiKey | null> {
    const [row] = await preparedRows<ApiKeyRecord>(
      this.db,
      `SELECT vendor_id, client_id, name, role, grants, secret_hash, created_at, revoked_at FROM api_keys WHERE vendor_id = $1 AND client_id = $2`,
      [vendorId, clientId],
    );
    return row
      ? toApiKey({
          vendorId: row.vendor_id,
          clientId: row.client_id,
          name: row.name,
          role: row.role,
          grants: row.grants,
          secretHash: row.secret_hash,
          createdAt: new Date(row.created_at),
          revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
        })
      : null;
  }

  async list(vendorId: string): Promise<ApiKey[]> {
    const rows = await managerOf(this.db)
      .getRepository(ApiKeyRow)
      .find({ where: { vendorId }, order: { createdAt: 'DESC', clientId: 'DESC' } });
    return rows.map(toApiKey);
  }

  async revoke(vendorId: string, clientId: string, at: Date): Promise<boolean> {
    const result = await managerOf(this.db)
      .getRepository(ApiKeyRow)
      .update({ vendorId, clientId, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }
}

export class TypeOrmUserRepository implements UserRepository {
  constructor(private readonly db: DataSource) {}

  async addOrGet(user: User): Promise<User> {
    // One statement, so two concurrent creations of one e-mail end with one user; a new user
    // (every contract for a new reader) is answered by the insert itself, one round trip.
    const [added] = await preparedRows<UserRecord>(
      this.db,
      `INSERT INTO users (vendor_id, id, email, first_name, last_name, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`,
      [user.vendorId, user.id, user.email, user.firstName, user.lastName, user.createdAt],
    );
    if (added) return toUser(added);
    const row = await managerOf(this.db).getRepository(UserRow).findOneByOrFail({ vendorId: user.vendorId, email: user.email });
    return { ...row };
  }

  async find(vendorId: string, userId: string): Promise<User | null> {
    const [row] = await preparedRows<UserRecord>(this.db, `SELECT ${USER_COLUMNS} FROM users WHERE vendor_id = $1 AND id = $2`, [vendorId, userId]);
    return row ? toUser(row) : null;
  }

  async findByEmail(vendorId: string, email: string): Promise<User | null> {
    const row = await managerOf(this.db).getRepository(UserRow).findOneBy({ vendorId, email });
    return row ? { ...row } : null;
  }

  async rename(vendorId: string, userId: string, firstName: string | null, lastName: string | null): Promise<void> {
    await managerOf(this.db).getRepository(UserRow).update({ vendorId, id: userId }, { firstName, lastName });
  }
}

export class TypeOrmBrowserClientRepository implements BrowserClientRepository {
  constructor(private readonly db: DataSource) {}

  async add(client: BrowserClient): Promise<boolean> {
    try {
      await managerOf(this.db)
        .getRepository(BrowserClientRow)
        .insert({ ...client, redirectUris: [...client.redirectUris], allowedOrigins: [...client.allowedOrigins] });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findById(clientId: string): Promise<BrowserClient | null> {
    const row = await managerOf(this.db).getRepository(BrowserClientRow).findOneBy({ clientId });
    return row ? { ...row } : null;
  }

  async list(vendorId: string): Promise<BrowserClient[]> {
    const rows = await managerOf(this.db)
      .getRepository(BrowserClientRow)
      .find({ where: { vendorId }, order: { createdAt: 'ASC', clientId: 'ASC' } });
    return rows.map((r) => ({ ...r }));
  }

  async anyAllowsOrigin(origin: string): Promise<boolean> {
    const rows = await sqlRows(this.db, `SELECT 1 FROM browser_clients WHERE $1 = ANY(allowed_origins) LIMIT 1`, [origin]);
    return rows.length > 0;
  }

  async addAllowedOrigin(vendorId: string, clientId: string, origin: string): Promise<boolean> {
    const rows = await sqlRows(
      this.db,
      `UPDATE browser_clients
          SET allowed_origins = CASE WHEN $3 = ANY(allowed_origins) THEN allowed_origins ELSE array_append(allowed_origins, $3::text) END
        WHERE vendor_id = $1 AND client_id = $2
        RETURNING client_id`,
      [vendorId, clientId, origin],
    );
    return rows.length === 1;
  }
}
