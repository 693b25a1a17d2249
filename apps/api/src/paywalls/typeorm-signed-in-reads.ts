import { Clock } from '@kiosk/domain';
import { ContentAccessQuery, LedgerOutcome, RecordReadQuery, SignedInRead, SignedInReads, SignedInWindow } from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { holdsAccessSql } from '../access/access.module';
import { countedReadStatement, preparedRows } from '../platform/database/sql';
import { PaywallViewCounter } from './paywall-view-counter';
import { WINDOW_SUMMARY } from './typeorm-read-ledger';

// The ledger's parameters first ($1 vendor, $2 paywall, $3 reader key, $4 content, $5 window start, $6 limit, and for
// the counted read $7 now), then the entitlement's: the user, the paywall's skus and the entitlements' now.
const entitled = (p: { user: string; skus: string; now: string }) => `access AS MATERIALIZED (
  SELECT ${holdsAccessSql({ vendor: '$1', content: '$4', ...p })} AS entitled)`;

const RECORD_READ = countedReadStatement(`WITH ${entitled({ user: '$8', skus: '$9', now: '$10' })}
  SELECT a.entitled, r.decided, r.reads_in_window, w.n, w.already
    FROM access a
    LEFT JOIN LATERAL (SELECT * FROM paywall_record_read($1, $2, $3, $4, $5, $6, $7) WHERE NOT a.entitled OFFSET 0) r ON true
    LEFT JOIN LATERAL (${WINDOW_SUMMARY} WHERE a.entitled OFFSET 0) w ON true`);

const SUMMARISE_WINDOW = `WITH ${entitled({ user: '$7', skus: '$8', now: '$9' })}
  SELECT a.entitled, w.n, w.already FROM access a, LATERAL (${WINDOW_SUMMARY}) w`;

interface Row {
  entitled: boolean;
  decided: LedgerOutcome | null;
  reads_in_window: number | null;
  n: number | null;
  already: boolean | null;
}

/**
 * `SignedInReads` on PostgreSQL: a signed-in reader's entitlement and read in
 * one statement, so a counted read is one round trip for readers too. The
 * entitlement is the access module's SQL (`holdsAccessSql`, the domain's
 * `CheckAccess` rule; `SIGNED_IN_READS_CONTRACT` holds the statement to the
 * two-step rule); the window is the ledger's `WINDOW_SUMMARY`; the read is
 * the ledger's own function `paywall_record_read`, called only when the
 * reader is not entitled, so an entitled reader spends nothing, as in two
 * steps. `OFFSET 0` keeps each lateral subquery whole: its condition on the
 * entitlement, which names no column of its own, is then a one-time filter
 * that runs before the call; without it PostgreSQL flattens the subquery
 * and calls the function first (the HTTP test of an entitled reader catches
 * that).
 */
export class TypeOrmSignedInReads implements SignedInReads {
  /**
   * `clock` decides which entitlements and access-list grants are live, as the entitlement repository's does;
   * `views` adds every counted read to the paywall's daily statistics.
   */
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly views: Pick<PaywallViewCounter, 'count'>,
  ) {}

  async recordRead(query: RecordReadQuery, access: ContentAccessQuery): Promise<SignedInRead> {
    const [row] = await preparedRows<Row>(
      this.db,
      RECORD_READ(),
      this.parameters(query, [query.now], access),
    );
    if (row.entitled) return { entitled: true, window: { countInWindow: Number(row.n), alreadyRead: row.already === true } };
    this.views.count(query.vendorId, query.paywallId, query.now, row.decided!);
    return { entitled: false, read: { outcome: row.decided!, countInWindow: Number(row.reads_in_window) } };
  }

  async summariseWindow(query: Omit<RecordReadQuery, 'now'>, access: ContentAccessQuery): Promise<SignedInWindow> {
    const [row] = await preparedRows<Row>(
      this.db,
      SUMMARISE_WINDOW,
      this.parameters(query, [], access),
    );
    return { entitled: row.entitled, window: { countInWindow: Number(row.n), alreadyRead: row.already === true } };
  }

  private parameters(query: Omit<RecordReadQuery, 'now'>, counted: Date[], access: ContentAccessQuery): unknown[] {
    const { vendorId, paywallId, readerKey, contentId, windowStart, limit } = query;
    return [vendorId, paywallId, readerKey, contentId, windowStart, limit, ...counted, access.userId, access.skus ?? [], this.clock.now()];
  }
}
