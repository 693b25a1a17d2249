import {

  Tally,
  TallyKey,
  TallyOwner,
  TallyOwnerView,
  TallyPolicies,
  TallyRepository,
  tallyExpiresAt,
} from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { TallyRow } from './tallies.rows';

interface RawTally {
  vendor_id: string;
  owner_kind: string;
  owner_id: string;
  tally_id: string;
  items: { value: string; seq: number }[];
  last_seq: string | number;
  policies: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  expires_at: Date | string | null;
}

const policiesOf = (p: Record<string, unknown>): TallyPolicies => ({
  ttl: typeof p.ttl === 'number' ? p.ttl : null,
  maxItems: Number(p.maxItems),
  unique: p.unique === true,
  overflow: p.overflow === 'block' ? 'block' : 'fifo',
  ipSessionSharing: p.ipSessionSharing === true,
});

const toTally = (r: RawTally): Tally => ({
  key: { owner: { vendorId: r.vendor_id, kind: r.owner_kind as TallyOwner['kind'], id: r.owner_id }, id: r.tally_id },
  items: r.items.map((i) => ({ value: i.value, seq: Number(i.seq) })),
  lastSeq: Number(r.last_seq),
  policies: policiesOf(r.policies),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const fromRow = (row: TallyRow): Tally =>
  toTally({
    vendor_id: row.vendorId,
    owner_kind: row.ownerKind,
    owner_id: row.ownerId,
    tally_id: row.tallyId,
    items: row.items,
    last_seq: row.lastSeq,
    policies: row.policies,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    expires_at: row.expiresAt,
  });

const KEY_WHERE = `vendor_id = $1 AND owner_kind = $2 AND owner_id = $3 AND tally_id = $4`;
const keyParams = (key: TallyKey) => [key.owner.vendorId, key.owner.kind, key.owner.id, key.id];

/**
 * Tallies, one row each with its items in a jsonb column. An update takes the
 * owner's transaction-scoped advisory lock (so creating a tally and counting
 * the owner's tallies for the quota cannot race), then the row itself FOR
 * UPDATE, runs the domain rule and writes the result, all in one
 * transaction: parallel pushes to one tally run one after the other in the
 * order PostgreSQL grants the lock, and each item's seq records that order.
 */
export class TypeOrmTallyRepository implements TallyRepository {
  constructor(private readonly db: DataSource) {}

  async find(key: TallyKey): Promise<Tally | null> {
    const row = await managerOf(this.db).getRepository(TallyRow).findOneBy({
      vendorId: key.owner.vendorId,
      ownerKind: key.owner.kind,
      ownerId: key.owner.id,
      tallyId: key.id,
    });
    return row ? fromRow(row) : null;
  }

  async listByOwner(owner: TallyOwner): Promise<Tally[]> {
    const rows = await managerOf(this.db)
      .getRepository(TallyRow)
      .find({ where: { vendorId: owner.vendorId, ownerKind: owner.kind, ownerId: owner.id }, order: { tallyId: 'ASC' } });
    return rows.map(fromRow);
  }

  update(key: TallyKey, change: (stored: Tally | null, owner: TallyOwnerView) => Promise<Tally>): Promise<Tally> {
    return inTransaction(this.db, async () => {
      const { vendorId, kind, id } = key.owner;
      await sqlRows(this.db, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`tallies|${vendorId}|${kind}|${id}`]);
      const [row] = await sqlRows<RawTally>(this.db, `SELECT * FROM tallies WHERE ${KEY_WHERE} FOR UPDATE`, keyParams(key));
      const owner: TallyOwnerView = {
        liveCount: async (now) => {
          const [count] = await sqlRows<{ n: string }>(
            this.db,
            `SELECT count(*) AS n FROM tallies
              WHERE vendor_id = $1 AND owner_kind = $2 AND owner_id = $3 AND (expires_at IS NULL OR expires_at > $4)`,
            [vendorId, kind, id, now],
          );
          return Number(count.n);
        },
      };
      const next = await change(row ? toTally(row) : null, owner);
      await sqlRows(
        this.db,
        `INSERT INTO tallies (vendor_id, owner_kind, owner_id, tally_id, items, last_seq, policies, created_at, updated_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (vendor_id, owner_kind, owner_id, tally_id) DO UPDATE SET
           items = EXCLUDED.items, last_seq = EXCLUDED.last_seq, policies = EXCLUDED.policies,
           created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at`,
        [
          ...keyParams(key),
          JSON.stringify(next.items),
          next.lastSeq,
          JSON.stringify(next.policies),
          next.createdAt,
          next.updatedAt,
          tallyExpiresAt(next),
        ],
      );
      return next;
    });
  }

  async remove(key: TallyKey): Promise<boolean> {
    const rows = await sqlRows<{ tally_id: string }>(this.db, `DELETE FROM tallies WHERE ${KEY_WHERE} RETURNING tally_id`, keyParams(key));
    return rows.length > 0;
  }

  /** Removes tallies that expired before `now` (all owners); answers how many. */
  async purgeExpired(now: Date): Promise<number> {
    const rows = await sqlRows<{ tally_id: string }>(
      this.db,
      `DELETE FROM tallies WHERE expires_at IS NOT NULL AND expires_at <= $1 RETURNING tally_id`,
      [now],
    );
    return rows.length;
  }
}

