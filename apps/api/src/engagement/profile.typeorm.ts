import { Address, CompanyInfo, ProfileDetails, ProfileRepository, UnitOfWork } from '@kiosk/domain/engagement';
import { DataSource, EntityManager } from 'typeorm';
import { entityColumns, preparedRows, sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { ProfileRow } from './profile.rows';

export class TypeOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly db: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return inTransaction(this.db, () => work());
  }
}

/**
 * Locks the reader's profile row (creating an empty one first), so limits
 * counted across a reader's rows (metadata keys, tags) are decided one
 * writer at a time. Call inside a transaction.
 */
export async function lockReader(manager: EntityManager, vendorId: string, userId: string, now: Date): Promise<void> {
  await sqlRows(
    manager,
    `INSERT INTO engagement_profiles (vendor_id, user_id, streaming_linked, created_at, updated_at)
     VALUES ($1, $2, false, $3, $3) ON CONFLICT DO NOTHING`,
    [vendorId, userId, now],
  );
  await sqlRows(manager, `SELECT 1 FROM engagement_profiles WHERE vendor_id = $1 AND user_id = $2 FOR UPDATE`, [vendorId, userId]);
}

const address = (value: Record<string, string | null> | null): Address | null =>
  value
    ? {
        country: value.country ?? '',
        zip: value.zip ?? null,
        city: value.city ?? null,
        street: value.street ?? null,
        co: value.co ?? null,
        firstName: value.firstName ?? null,
        lastName: value.lastName ?? null,
      }
    : null;

const company = (value: Record<string, string | null> | null): CompanyInfo | null =>
  value ? { companyName: value.companyName ?? null, vatNr: value.vatNr ?? null, invoiceEmail: value.invoiceEmail ?? null } : null;

function toDomain(row: ProfileRow): ProfileDetails {
  return {
    vendorId: row.vendorId,
    userId: row.userId,
    nickname: row.nickname,
    locale: row.locale,
    picture: row.picture,
    mobilePhone: row.mobilePhone,
    workPhone: row.workPhone,
    homePhone: row.homePhone,
    billingAddress: address(row.billingAddress),
    deliveryAddress: address(row.deliveryAddress),
    companyInfo: company(row.companyInfo),
    streamingLinked: row.streamingLinked,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toRow(details: ProfileDetails): ProfileRow {
  return {
    vendorId: details.vendorId,
    userId: details.userId,
    nickname: details.nickname,
    locale: details.locale,
    picture: details.picture,
    mobilePhone: details.mobilePhone,
    workPhone: details.workPhone,
    homePhone: details.homePhone,
    billingAddress: details.billingAddress ? { ...details.billingAddress } : null,
    deliveryAddress: details.deliveryAddress ? { ...details.deliveryAddress } : null,
    companyInfo: details.companyInfo ? { ...details.companyInfo } : null,
    streamingLinked: details.streamingLinked,
    createdAt: details.createdAt,
    updatedAt: details.updatedAt,
  };
}

export class TypeOrmProfileRepository implements ProfileRepository {
  constructor(private readonly db: DataSource) {}

  /** Every invoice and tax quote reads the buyer's profile: one prepared statement. */
  async find(vendorId: string, userId: string): Promise<ProfileDetails | null> {
    const [row] = await preparedRows<ProfileRow>(
      this.db,
      `SELECT ${entityColumns(this.db, ProfileRow)} FROM engagement_profiles WHERE vendor_id = $1 AND user_id = $2`,
      [vendorId, userId],
    );
    return row ? toDomain(row) : null;
  }

  async save(details: ProfileDetails): Promise<void> {
    await managerOf(this.db).getRepository(ProfileRow).save(toRow(details));
  }
}
