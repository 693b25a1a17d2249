import {
  InvoiceBill,
  InvoiceDraft,
  InvoiceDraftRepository,
  InvoiceIssuedElsewhere,
  InvoiceIssueStep,
} from '@kiosk/domain/billing';
import { Clock } from '@kiosk/domain';
import { Logger } from 'pino';
import { DataSource, QueryFailedError } from 'typeorm';
import { WorkerStep } from '../platform/outbox/worker';
import { processNow } from '../platform/vendor-time';
import { countedReadStatement, heldWrite, holdWritesUntilLastStatement, preparedRows, preparedWriteWithHeld } from '../platform/database/sql';
import { inOneStatement } from '../platform/database/held-writes';
import { inOpenTransaction } from '../platform/database/transaction';
import { DRAFT_TAKEN } from '../platform/database/migrations/1767000000000-invoice-drafts';
import { storedDocument, withDates } from './typeorm-billing.repositories';

interface DraftRow {
  vendor_id: string;
  bill_id: string;
  document: Parameters<typeof withDates>[0] & Omit<InvoiceDraft['document'], 'periodStart' | 'periodEnd' | 'issuedAt' | 'dueAt'>;
  mail: boolean;
  created_at: Date;
}

/**
 * The draw, a statement of its own. On its own it commits without waiting
 * for the WAL flush (decision 37), so the vendor's counter row is unlocked
 * sooner: the number is used only by the statement that issues the invoice,
 * which commits synchronously, and flushing its commit flushes this one (the
 * WAL is one sequence). A crash that forgets the draw forgets nothing that
 * used it: the draft is unnumbered again, and the counter where it was.
 */
const drawStatement = countedReadStatement(`SELECT kiosk_number_invoice_draft($1, $2) AS n`);

/**
 * Drafted invoices in `invoice_drafts` (migration 1767000000000, decision
 * 37). A draft is written with the bill, in the contract's step; its number
 * is drawn by `kiosk_number_invoice_draft`, one statement run on its own.
 */
export class PostgresInvoiceDrafts implements InvoiceDraftRepository {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async add(draft: InvoiceDraft): Promise<void> {
    // Made at process time, as the sweep reads it: a test vendor's clock may stand anywhere.
    const write = {
      text: `INSERT INTO invoice_drafts (vendor_id, bill_id, document, mail, created_at) VALUES ($1, $2, $3::jsonb, $4, $5)`,
      parameters: [draft.vendorId, draft.billId, JSON.stringify(storedDocument(draft.document)), draft.mail, processNow(this.clock)],
    };
    if (!heldWrite(this.db, write)) await preparedRows(this.db, write.text, [...write.parameters]);
  }

  async find(vendorId: string, billId: string): Promise<InvoiceDraft | null> {
    const [row] = await preparedRows<DraftRow>(
      this.db,
      `SELECT vendor_id, bill_id, document, mail, created_at FROM invoice_drafts WHERE vendor_id = $1 AND bill_id = $2`,
      [vendorId, billId],
    );
    return row ? { vendorId: row.vendor_id, billId: row.bill_id, document: withDates(row.document), mail: row.mail, createdAt: row.created_at } : null;
  }

  async number(vendorId: string, billId: string): Promise<number | null> {
    const [row] = await preparedRows<{ n: string | null }>(this.db, drawStatement(), [vendorId, billId]);
    return row?.n === null || row?.n === undefined ? null : Number(row.n);
  }

  async remove(vendorId: string, billId: string): Promise<boolean> {
    // The issuing step's last statement: the invoice's writes, held until now, run in it, and are undone with it
    // when `kiosk_claimed` finds the draft gone.
    try {
      await preparedWriteWithHeld(
        this.db,
        `WITH removed AS (DELETE FROM invoice_drafts WHERE vendor_id = $1 AND bill_id = $2 RETURNING bill_id) SELECT kiosk_claimed(count(*)) AS claimed FROM removed`,
        [vendorId, billId],
      );
      return true;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === DRAFT_TAKEN) return false;
      throw error;
    }
  }

  async listMadeBefore(before: Date, limit: number): Promise<{ vendorId: string; billId: string }[]> {
    const rows = await preparedRows<{ vendor_id: string; bill_id: string }>(
      this.db,
      `SELECT vendor_id, bill_id FROM invoice_drafts WHERE created_at < $1 ORDER BY created_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => ({ vendorId: r.vendor_id, billId: r.bill_id }));
  }
}

/**
 * The writes that issue a numbered invoice, atomically: one statement of
 * their own (no START or COMMIT round trip), or, in a caller's transaction (a
 * payment's receipt issuing a draft first), held for its next statement.
 */
export class TypeOrmInvoiceIssueStep implements InvoiceIssueStep {
  constructor(private readonly db: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (!inOpenTransaction()) return inOneStatement(work);
    holdWritesUntilLastStatement(this.db);
    return work();
  }
}

/** How long a draft may wait before the worker finishes it: far longer than a request takes to issue its own. */
export const DRAFT_LEFT_AFTER_MS = 30_000;

/**
 * Issues drafted invoices: the one a confirm drafted, once its step is
 * committed, and, as a worker step, any a process left when it stopped
 * between the two (killed, or the database lost).
 */
export class DraftedInvoices implements WorkerStep {
  readonly name = 'invoice-drafts';

  constructor(
    private readonly invoiceBill: InvoiceBill,
    private readonly drafts: Pick<InvoiceDraftRepository, 'listMadeBefore'>,
    private readonly logger: Logger,
    /** Process time (drafts are stamped with it). */
    private readonly now: () => Date,
  ) {}

  /**
   * Issues the draft, or leaves it for the worker when that fails: the
   * contract's step is committed, so its caller is answered either way.
   */
  async issue(command: { vendorId: string; billId: string; draft?: InvoiceDraft }): Promise<boolean> {
    try {
      return (await this.invoiceBill.issue(command)) !== null;
    } catch (error) {
      if (error instanceof InvoiceIssuedElsewhere) return false;
      this.logger.warn({ err: error, vendorId: command.vendorId, billId: command.billId }, 'invoice not issued yet; the worker issues it later');
      return false;
    }
  }

  async runOnce(): Promise<number> {
    const left = await this.drafts.listMadeBefore(new Date(this.now().getTime() - DRAFT_LEFT_AFTER_MS), 20);
    let issued = 0;
    for (const bill of left) if (await this.issue(bill)) issued += 1;
    return issued;
  }
}
