import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLSTATE of `kiosk_claimed` when the draft was gone: another step issued the invoice. */
export const DRAFT_TAKEN = 'KD409';

/**
 * Invoices numbered after the contract's step (issue 28, decision 37). A
 * confirm drafts its bill's invoice in `invoice_drafts`, in the contract's
 * transaction; once that commits, `kiosk_number_invoice_draft` draws the
 * vendor's next number for the draft in one statement of its own, so the
 * vendor's counter row is locked only while that statement runs and
 * commits, not for a whole confirm. The draft keeps the number it drew
 * (gapless: a number drawn is never lost), and the invoice is written from
 * it in a last short transaction that removes the draft. A draft left by a
 * process that stopped half-way is finished by the worker.
 */
export class InvoiceDrafts1767000000000 implements MigrationInterface {
  name = 'InvoiceDrafts1767000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE invoice_drafts (
        vendor_id text NOT NULL,
        bill_id text NOT NULL,
        document jsonb NOT NULL,
        mail boolean NOT NULL,
        sequence bigint,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, bill_id),
        FOREIGN KEY (vendor_id, bill_id) REFERENCES bills (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX invoice_drafts_made ON invoice_drafts (created_at)`);
    // The draft's row is locked first, then the counter's: two callers numbering one draft (a request and the
    // worker's sweep) wait on the draft, and the second finds the number the first drew.
    await db.query(`
      CREATE FUNCTION kiosk_number_invoice_draft(p_vendor text, p_bill text) RETURNS bigint
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        drawn bigint;
      BEGIN
        UPDATE invoice_drafts SET sequence = kiosk_next_invoice_number(p_vendor)
         WHERE vendor_id = p_vendor AND bill_id = p_bill AND sequence IS NULL
        RETURNING sequence INTO drawn;
        IF drawn IS NULL THEN
          SELECT sequence INTO drawn FROM invoice_drafts WHERE vendor_id = p_vendor AND bill_id = p_bill FOR UPDATE;
        END IF;
        RETURN drawn;
      END
      $$`);
    // The claim that ends issuing an invoice: the draft's removal, with the invoice's writes in the same
    // statement; when another step removed it first, this fails the statement, so none of those writes is kept.
    await db.query(`
      CREATE FUNCTION kiosk_claimed(removed bigint) RETURNS bigint
      LANGUAGE plpgsql AS $$
      BEGIN
        IF removed = 0 THEN
          RAISE EXCEPTION 'the invoice draft was issued by another step' USING ERRCODE = '${DRAFT_TAKEN}';
        END IF;
        RETURN removed;
      END
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION kiosk_claimed(bigint)`);
    await db.query(`DROP FUNCTION kiosk_number_invoice_draft(text, text)`);
    await db.query(`DROP TABLE invoice_drafts`);
  }
}
