import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * VAT by market (docs/invoices.md): products carry a tax category, bills
 * keep their tax breakdown (net, tax, gross, rates; null on bills made
 * before), mails keep their attachments (the invoice PDF), invoice
 * documents say whether they are an invoice or a credit note, e-invoices
 * (UBL XML) are kept with them, and each vendor has billing settings: legal name, address, VAT
 * number, payment instructions and its own rate overrides.
 */
export class InvoiceTax1764300000000 implements MigrationInterface {
  name = 'InvoiceTax1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE products ADD COLUMN tax_category text NOT NULL DEFAULT 'standard'`);
    await db.query(`ALTER TABLE bills ADD COLUMN tax jsonb`);
    await db.query(`ALTER TABLE mail_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'`);
    await db.query(`ALTER TABLE invoice_documents ADD COLUMN kind text NOT NULL DEFAULT 'INVOICE'`);
    // A bill has one invoice and at most one credit note.
    await db.query(`ALTER TABLE invoice_documents DROP CONSTRAINT invoice_documents_vendor_id_bill_id_key`);
    await db.query(`ALTER TABLE invoice_documents ADD CONSTRAINT invoice_documents_vendor_id_bill_id_kind_key UNIQUE (vendor_id, bill_id, kind)`);
    await db.query(`
      CREATE TABLE e_invoices (
        vendor_id text NOT NULL,
        invoice_id text NOT NULL,
        bill_id text NOT NULL,
        kind text NOT NULL,
        invoice_number text NOT NULL,
        xml text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, invoice_id)
      )`);
    await db.query(`CREATE INDEX e_invoices_bill ON e_invoices (vendor_id, bill_id)`);
    await db.query(`
      CREATE TABLE vendor_billing_settings (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        legal_name text,
        street text,
        zip text,
        city text,
        country char(2),
        vat_number text,
        payment_instructions text,
        rate_overrides jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE vendor_billing_settings`);
    await db.query(`DROP TABLE e_invoices`);
    await db.query(`DELETE FROM invoice_documents WHERE kind <> 'INVOICE'`);
    await db.query(`ALTER TABLE invoice_documents DROP CONSTRAINT invoice_documents_vendor_id_bill_id_kind_key`);
    await db.query(`ALTER TABLE invoice_documents ADD CONSTRAINT invoice_documents_vendor_id_bill_id_key UNIQUE (vendor_id, bill_id)`);
    await db.query(`ALTER TABLE invoice_documents DROP COLUMN kind`);
    await db.query(`ALTER TABLE mail_messages DROP COLUMN attachments`);
    await db.query(`ALTER TABLE bills DROP COLUMN tax`);
    await db.query(`ALTER TABLE products DROP COLUMN tax_category`);
  }
}
