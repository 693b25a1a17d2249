import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vendor's identifiers and bank account in its billing settings (issue
 * 26): organisation number and GLN (the seller's e-invoice address and legal
 * registration), IBAN and BIC, Swedish bankgiro and plusgiro (the payee's
 * account every credit-transfer e-invoice must carry, EN 16931 BR-61). All
 * optional; checked by the domain before they are stored.
 */
export class VendorPayeeAccount1765600000001 implements MigrationInterface {
  name = 'VendorPayeeAccount1765600000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE vendor_billing_settings
        ADD COLUMN organisation_number text,
        ADD COLUMN gln text,
        ADD COLUMN iban text,
        ADD COLUMN bic text,
        ADD COLUMN bankgiro text,
        ADD COLUMN plusgiro text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE vendor_billing_settings
        DROP COLUMN organisation_number, DROP COLUMN gln, DROP COLUMN iban,
        DROP COLUMN bic, DROP COLUMN bankgiro, DROP COLUMN plusgiro`);
  }
}
