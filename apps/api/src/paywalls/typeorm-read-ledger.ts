import { ledgerDecision, ReadLedger, ReaderKey, RecordedRead, RecordReadQuery, RecordReadResult } from '@kiosk/domain/paywalls';
import { DataSource, EntityManager } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';

interface ReadRow {
  content_id: string;
  read_at: Date;
}

const readOf = (r: ReadRow): RecordedRead => ({ contentId: r.content_id, readAt: new Date(r.read_at) });

/**
 * The leaky allowance's ledger on PostgreSQL. Each (vendor, paywall, reader)
 * has a counter row in `paywall_readers`; `recordReadIfAllowed` creates it if
 * needed, locks it with `SELECT ... FOR UPDATE`, reads the reader's reads in
 * the window, decides with the domain's `ledgerDecision` and writes the read,
 * all in one transaction. Parallel requests of one reader therefore queue on
 * the lock and each decides on what the previous ones wrote, across processes.
 *
 * `paywall_reads` keeps one row per (vendor, paywall, reader, content): a
 * content read again after its window had passed is a new read, so its
 * `read_at` moves to now; inside the window it is never moved (re-reads are free).
 */
export class TypeOrmReadLedger implements ReadLedger {
  constructor(private readonly db: DataSource) {}

  recordReadIfAllowed(query: RecordReadQuery): Promise<RecordReadResult> {
    return inTransaction(this.db, async (m) => {
      await this.lockReader(m, query.vendorId, query.paywallId, query.readerKey, query.now);
      const reads = await this.reads(m, query);
      const decision = ledgerDecision({ reads, contentId: query.contentId, windowStart: query.windowStart, limit: query.limit });
      if (decision.outcome === 'recorded') {
        await sqlRows(
          m,
          `INSERT INTO paywall_reads (vendor_id, paywall_id, reader_key, content_id, read_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (vendor_id, paywall_id, reader_key, content_id) DO UPDATE SET read_at = EXCLUDED.read_at`,
          [query.vendorId, query.paywallId, query.readerKey, query.contentId, query.now],
        );
      }
      return decision;
    });
  }

  readsInWindow(query: { vendorId: string; paywallId: string; readerKey: ReaderKey; windowStart: Date }): Promise<RecordedRead[]> {
    return this.reads(managerOf(this.db), query);
  }

  async countDistinctReads(query: { vendorId: string; readerKey: ReaderKey; since: Date }): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      managerOf(this.db),
      `SELECT count(DISTINCT content_id)::int AS n FROM paywall_reads WHERE vendor_id = $1 AND reader_key = $2 AND read_at > $3`,
      [query.vendorId, query.readerKey, query.since],
    );
    return Number(row.n);
  }

  /**
   * Copies `from`'s reads into `into` on every paywall, holding `into`'s
   * counter rows (locked in paywall id order, as reads lock one of them) so a
   * read racing the merge is decided on the merged set. A content both hold
   * keeps the later `read_at`: counting distinct content in the window, that
   * is the union of both histories. Idempotent; `from` keeps its reads.
   */
  mergeReader(query: { vendorId: string; from: ReaderKey; into: ReaderKey }): Promise<void> {
    if (query.from === query.into) return Promise.resolve();
    return inTransaction(this.db, async (m) => {
      const paywalls = await sqlRows<{ paywall_id: string }>(
        m,
        `SELECT DISTINCT paywall_id FROM paywall_reads WHERE vendor_id = $1 AND reader_key = $2 ORDER BY paywall_id`,
        [query.vendorId, query.from],
      );
      const [{ now }] = await sqlRows<{ now: Date }>(m, `SELECT now() AS now`);
      for (const { paywall_id: paywallId } of paywalls) {
        await this.lockReader(m, query.vendorId, paywallId, query.into, new Date(now));
      }
      await sqlRows(
        m,
        `INSERT INTO paywall_reads (vendor_id, paywall_id, reader_key, content_id, read_at)
         SELECT vendor_id, paywall_id, $3, content_id, read_at FROM paywall_reads WHERE vendor_id = $1 AND reader_key = $2
         ON CONFLICT (vendor_id, paywall_id, reader_key, content_id)
         DO UPDATE SET read_at = GREATEST(paywall_reads.read_at, EXCLUDED.read_at)`,
        [query.vendorId, query.from, query.into],
      );
    });
  }

  private async lockReader(m: EntityManager, vendorId: string, paywallId: string, readerKey: string, now: Date): Promise<void> {
    await sqlRows(
      m,
      `INSERT INTO paywall_readers (vendor_id, paywall_id, reader_key, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (vendor_id, paywall_id, reader_key) DO NOTHING`,
      [vendorId, paywallId, readerKey, now],
    );
    await sqlRows(
      m,
      `SELECT 1 FROM paywall_readers WHERE vendor_id = $1 AND paywall_id = $2 AND reader_key = $3 FOR UPDATE`,
      [vendorId, paywallId, readerKey],
    );
  }

  private async reads(
    m: EntityManager,
    query: { vendorId: string; paywallId: string; readerKey: ReaderKey; windowStart: Date },
  ): Promise<RecordedRead[]> {
    const rows = await sqlRows<ReadRow>(
      m,
      `SELECT content_id, read_at FROM paywall_reads
        WHERE vendor_id = $1 AND paywall_id = $2 AND reader_key = $3 AND read_at > $4
        ORDER BY read_at, content_id`,
      [query.vendorId, query.paywallId, query.readerKey, query.windowStart],
    );
    return rows.map(readOf);
  }
}
