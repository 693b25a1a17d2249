import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts, not invoices, for card payments (docs/invoices.md "Receipts"):
 * each paid bill gets a receipt with a number from the vendor's own receipt
 * sequence, gap-free (the counter row is updated in the payment's
 * transaction, so an undone payment gives its number back). A bill's
 * `receipt_url` is null until its receipt exists: unpaid bills lose the
 * invoice address they were given before.
 */
export class Receipts1765200000000 implements MigrationInterface {
  name = 'Receipts1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE receipt_number_sequences (
        vendor_id text PRIMARY KEY,
        last_number bigint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE receipts (
        vendor_id text NOT NULL,
        id text NOT NULL,
        bill_id text NOT NULL,
        receipt_number text NOT NULL,
        sequence bigint NOT NULL,
        buyer_user_id text NOT NULL,
        paid_at timestamptz NOT NULL,
        total_minor bigint NOT NULL,
        currency char(3) NOT NULL,
        document jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, bill_id),
        UNIQUE (vendor_id, sequence)
      )`);
    await db.query(`UPDATE bills SET receipt_url = NULL WHERE status <> 'PAID' AND receipt_url IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE receipts`);
    await db.query(`DROP TABLE receipt_number_sequences`);
  }
}
