import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing (bills, invoice documents, invoice numbers, transactions, the
 * embedded mailer's store) and access (entitlements). Bill ids are the
 * contract's (`<contractId>-bill-<n>`), unique per vendor.
 */
export class BillingAccess1763720000000 implements MigrationInterface {
  name = 'BillingAccess1763720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE bills (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        contract_id text NOT NULL,
        user_id text NOT NULL,
        payer_id text,
        items jsonb NOT NULL,
        price_minor bigint NOT NULL CHECK (price_minor >= 0),
        currency char(3) NOT NULL,
        status text NOT NULL CHECK (status IN ('DRAFT', 'OPEN', 'PAID', 'VOID', 'EXPIRED', 'REFUNDED')),
        due_at timestamptz NOT NULL,
        period_start timestamptz NOT NULL,
        period_end timestamptz,
        payment_provider text NOT NULL,
        payment_method text NOT NULL,
        receipt_url text,
        invoice_number text,
        paid_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, invoice_number)
      )`);
    await db.query(`CREATE INDEX bills_contract ON bills (vendor_id, contract_id, created_at)`);
    await db.query(`CREATE INDEX bills_user ON bills (vendor_id, user_id, created_at DESC)`);
    await db.query(`
      CREATE TABLE invoice_number_sequences (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        last_number bigint NOT NULL CHECK (last_number >= 1)
      )`);
    await db.query(`
      CREATE TABLE invoice_documents (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        bill_id text NOT NULL,
        contract_id text NOT NULL,
        invoice_number text NOT NULL,
        billed_user_id text NOT NULL,
        on_behalf_of_user_id text,
        email text NOT NULL,
        customer_reference text,
        vendor_reference text CHECK (char_length(vendor_reference) <= 34),
        edi_number text,
        delivery text NOT NULL CHECK (delivery IN ('EMAIL', 'E_INVOICE')),
        total_minor bigint NOT NULL,
        currency char(3) NOT NULL,
        document jsonb NOT NULL,
        issued_at timestamptz NOT NULL,
        due_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, bill_id),
        FOREIGN KEY (vendor_id, bill_id) REFERENCES bills (vendor_id, id)
      )`);
    await db.query(`
      CREATE TABLE transactions (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        amount_minor bigint NOT NULL,
        currency char(3) NOT NULL,
        contract_id text NOT NULL,
        is_refund boolean NOT NULL,
        user_id text NOT NULL,
        bill_id text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        FOREIGN KEY (vendor_id, bill_id) REFERENCES bills (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX transactions_bill ON transactions (vendor_id, bill_id)`);
    await db.query(`CREATE INDEX transactions_user ON transactions (vendor_id, user_id, created_at DESC)`);
    await db.query(`
      CREATE TABLE mail_messages (
        id text PRIMARY KEY,
        vendor_id text NOT NULL REFERENCES vendors(id),
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX mail_messages_vendor ON mail_messages (vendor_id, created_at, id)`);
    await db.query(`
      CREATE TABLE entitlements (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        user_id text NOT NULL,
        sku text NOT NULL,
        purchase_option_id text,
        type text NOT NULL,
        title text NOT NULL,
        cover text,
        url text,
        presentation_url text,
        publisher_content_id text,
        origin_type text NOT NULL,
        origin_id text NOT NULL,
        origin_list_id text,
        origin_name text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        expires_at timestamptz,
        revoked_at timestamptz,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, user_id, sku, origin_type, origin_id)
      )`);
    await db.query(`CREATE INDEX entitlements_user ON entitlements (vendor_id, user_id, created_at DESC)`);
    await db.query(`CREATE INDEX entitlements_origin ON entitlements (vendor_id, origin_type, origin_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['entitlements', 'mail_messages', 'transactions', 'invoice_documents', 'invoice_number_sequences', 'bills']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
