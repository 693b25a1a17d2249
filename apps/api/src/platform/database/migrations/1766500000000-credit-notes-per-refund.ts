import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bill has one invoice and any number of credit notes: one for a voided
 * bill, one per refund of a paid one (a partial refund credits part of the
 * invoice). The one-invoice rule stays, as a partial unique index.
 */
export class CreditNotesPerRefund1766500000000 implements MigrationInterface {
  name = 'CreditNotesPerRefund1766500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE invoice_documents DROP CONSTRAINT IF EXISTS invoice_documents_vendor_id_bill_id_kind_key`);
    await db.query(`CREATE UNIQUE INDEX IF NOT EXISTS invoice_documents_one_invoice ON invoice_documents (vendor_id, bill_id) WHERE kind = 'INVOICE'`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Only the newest credit note of a bill can stay under the old rule.
    await db.query(`
      DELETE FROM invoice_documents d USING invoice_documents newer
       WHERE d.kind = 'CREDIT_NOTE' AND newer.kind = 'CREDIT_NOTE' AND newer.vendor_id = d.vendor_id AND newer.bill_id = d.bill_id
         AND (newer.issued_at, newer.invoice_number) > (d.issued_at, d.invoice_number)`);
    await db.query(`DROP INDEX IF EXISTS invoice_documents_one_invoice`);
    await db.query(`ALTER TABLE invoice_documents ADD CONSTRAINT invoice_documents_vendor_id_bill_id_kind_key UNIQUE (vendor_id, bill_id, kind)`);
  }
}
