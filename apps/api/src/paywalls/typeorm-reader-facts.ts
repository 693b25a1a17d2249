import { Clock } from '@kiosk/domain';
import { ReadCountsQuery } from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { liveEntitlementsSql } from '../access/access.module';
import { preparedRows } from '../platform/database/sql';
import { readCountsParameters, readCountsSql } from './typeorm-read-ledger';

/** What a strategy evaluation reads of a signed-in reader: the products they hold now, and their read counts. */
export interface SignedInReaderFacts {
  readonly skus: string[];
  readonly reads: { readonly daily: number; readonly weekly: number };
}

const READER_FACTS = readCountsSql(`,
  (SELECT coalesce(array_agg(l.sku ORDER BY l.created_at DESC, l.id DESC), '{}'::text[])
     FROM (${liveEntitlementsSql({ vendor: '$1', user: '$5', now: '$6' })}) l) AS skus`);

/**
 * A signed-in reader's live entitlements (their skus, newest first, as the
 * reader's list orders them) and read counts in one statement, so strategy
 * execution is one round trip for readers too (decision 25): the counts are
 * the ledger's `readCounts`, the entitlements the access module's
 * `liveEntitlementsSql`; the strategy tests compare both with what the two
 * separate reads answer.
 */
export class TypeOrmReaderFacts {
  /** `clock` decides which entitlements and access-list grants are live, as the entitlement repository's does. */
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async of(userId: string, counts: ReadCountsQuery): Promise<SignedInReaderFacts> {
    const [row] = await preparedRows<{ daily: number; weekly: number; skus: string[] }>(this.db, READER_FACTS, [
      ...readCountsParameters(counts),
      userId,
      this.clock.now(),
    ]);
    return { skus: row.skus, reads: { daily: Number(row.daily), weekly: Number(row.weekly) } };
  }
}
