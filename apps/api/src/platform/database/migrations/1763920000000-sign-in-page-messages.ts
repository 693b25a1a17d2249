import { MigrationInterface, QueryRunner } from 'typeorm';

/** A vendor's own sentences for the sign-in pages (docs/identity.md): language → message key → text. */
export class SignInPageMessages1763920000000 implements MigrationInterface {
  name = 'SignInPageMessages1763920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sign_in_page_messages (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        messages jsonb NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sign_in_page_messages`);
  }
}
