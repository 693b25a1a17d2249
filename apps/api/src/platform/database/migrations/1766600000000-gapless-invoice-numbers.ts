import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoice numbers gapless again (issue 28: "invoice numbers stay gapless
 * and ordered per vendor, an accountant's rule"). A PostgreSQL sequence per
 * vendor (migration 1763800170000) never queued, but a confirmation undone
 * after drawing its number left a gap. `kiosk_next_invoice_number(vendor)`
 * now counts on the vendor's row of `invoice_number_sequences`, as one
 * upsert: the number is drawn as late as the invoice allows (the last step
 * of a confirmation before its contract is saved), so the row is locked
 * only for the rest of that transaction, and an undone one gives its number
 * back. Each vendor's count goes on from the highest number its sequence
 * gave; the sequences go.
 */
export class GaplessInvoiceNumbers1766600000000 implements MigrationInterface {
  name = 'GaplessInvoiceNumbers1766600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      INSERT INTO invoice_number_sequences (vendor_id, last_number)
      SELECT v.id, q.last_value FROM vendors v JOIN pg_sequences q ON q.sequencename = 'invoice_numbers_' || md5(v.id)
       WHERE q.last_value IS NOT NULL
      ON CONFLICT (vendor_id) DO UPDATE SET last_number = GREATEST(invoice_number_sequences.last_number, EXCLUDED.last_number)`);
    await db.query(`
      DO $$
      DECLARE s record;
      BEGIN
        FOR s IN SELECT sequencename FROM pg_sequences WHERE sequencename LIKE 'invoice\\_numbers\\_%' LOOP
          EXECUTE format('DROP SEQUENCE IF EXISTS %I', s.sequencename);
        END LOOP;
      END
      $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION kiosk_next_invoice_number(p_vendor text) RETURNS bigint
      LANGUAGE sql VOLATILE AS $$
        INSERT INTO invoice_number_sequences (vendor_id, last_number) VALUES (p_vendor, 1)
        ON CONFLICT (vendor_id) DO UPDATE SET last_number = invoice_number_sequences.last_number + 1
        RETURNING last_number
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    // The per-vendor sequences come back lazily, each starting after the count reached here.
    await db.query(`
      CREATE OR REPLACE FUNCTION kiosk_next_invoice_number(p_vendor text) RETURNS bigint
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        seq text := 'invoice_numbers_' || md5(p_vendor);
      BEGIN
        BEGIN
          RETURN nextval(seq::regclass);
        EXCEPTION WHEN undefined_table THEN
          NULL;
        END;
        BEGIN
          EXECUTE format('CREATE SEQUENCE %I AS bigint START WITH %s', seq,
            coalesce((SELECT last_number FROM invoice_number_sequences WHERE vendor_id = p_vendor), 0) + 1);
        EXCEPTION WHEN duplicate_table OR unique_violation THEN
          NULL;
        END;
        RETURN nextval(seq::regclass);
      END
      $$`);
  }
}
