import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment provider's reference of the payment that paid a bill (a stripe
 * PaymentIntent), so a refund can reverse that payment at the provider
 * (issue 27). Bills paid before it have none: their stripe payments are
 * refunded at stripe's dashboard.
 */
export class BillPaymentReference1765900000000 implements MigrationInterface {
  name = 'BillPaymentReference1765900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bills ADD COLUMN IF NOT EXISTS payment_reference text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bills DROP COLUMN IF EXISTS payment_reference`);
  }
}
