import { TestClock, TestClockRepository, TestClockStatus } from '@kiosk/domain/catalog';
import { DataSource, EntityManager } from 'typeorm';
import { ConfigCache } from '../platform/cache/config-cache';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { TEST_CLOCK_CACHE_REGION } from '../platform/vendor-time';

/**
 * How long an advance holds its clock. A process that dies mid-advance
 * leaves the status `advancing`; after this long another advance may take
 * the clock over (from the last step the dead one reached).
 */
const ADVANCE_LEASE = '10 minutes';

interface TestClockRecord {
  vendor_id: string;
  frozen_time: Date;
  status: TestClockStatus;
  advancing_to: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'vendor_id, frozen_time, status, advancing_to, created_at, updated_at';

const toClock = (r: TestClockRecord): TestClock => ({
  vendorId: r.vendor_id,
  frozenTime: new Date(r.frozen_time),
  status: r.status,
  advancingTo: r.advancing_to ? new Date(r.advancing_to) : null,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** A test-mode vendor's clock, made with the vendor (in its transaction). */
export async function insertTestClock(m: EntityManager, vendorId: string, at: Date): Promise<void> {
  await sqlRows(m, `INSERT INTO vendor_test_clocks (vendor_id, frozen_time, status, created_at, updated_at) VALUES ($1, $2, 'ready', $2, $2)`, [
    vendorId,
    at,
  ]);
}

/**
 * Test clocks in `vendor_test_clocks`. Every move is announced on the
 * configuration cache (`test-clocks` region), so every process's
 * `VendorTimeScope` reads the new instant once the move commits.
 * `updated_at` and the advance lease are process time (the database's).
 */
export class TypeOrmTestClockRepository implements TestClockRepository {
  constructor(
    private readonly db: DataSource,
    private readonly cache: ConfigCache,
  ) {}

  async find(vendorId: string): Promise<TestClock | null> {
    const [row] = await sqlRows<TestClockRecord>(managerOf(this.db), `SELECT ${COLUMNS} FROM vendor_test_clocks WHERE vendor_id = $1`, [vendorId]);
    return row ? toClock(row) : null;
  }

  /** One conditional update: of two parallel advances, one wins. */
  async beginAdvance(vendorId: string, to: Date): Promise<boolean> {
    const won = await sqlRows(
      managerOf(this.db),
      `UPDATE vendor_test_clocks
          SET status = 'advancing', advancing_to = $2, advance_lease_until = now() + interval '${ADVANCE_LEASE}', updated_at = now()
        WHERE vendor_id = $1 AND (status = 'ready' OR advance_lease_until < now())
        RETURNING vendor_id`,
      [vendorId, to],
    );
    return won.length > 0;
  }

  moveTo(vendorId: string, instant: Date): Promise<void> {
    return inTransaction(this.db, async (m) => {
      await sqlRows(m, `UPDATE vendor_test_clocks SET frozen_time = $2, updated_at = now() WHERE vendor_id = $1`, [vendorId, instant]);
      await this.cache.changed(TEST_CLOCK_CACHE_REGION, vendorId);
    });
  }

  finishAdvance(vendorId: string, instant: Date): Promise<TestClock> {
    return inTransaction(this.db, async (m) => {
      const [row] = await sqlRows<TestClockRecord>(
        m,
        `UPDATE vendor_test_clocks
            SET frozen_time = $2, status = 'ready', advancing_to = NULL, advance_lease_until = NULL, updated_at = now()
          WHERE vendor_id = $1 RETURNING ${COLUMNS}`,
        [vendorId, instant],
      );
      await this.cache.changed(TEST_CLOCK_CACHE_REGION, vendorId);
      return toClock(row);
    });
  }
}
