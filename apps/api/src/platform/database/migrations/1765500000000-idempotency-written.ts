import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an attempt made with an `Idempotency-Key` first committed a write
 * (issue 29): set inside that write's own transaction, so it is true exactly
 * when the write is. A key whose attempt wrote and then failed (its answer
 * could not be built, the database went away) is never freed for a retry to
 * write a second time.
 */
export class IdempotencyWritten1765500000000 implements MigrationInterface {
  name = 'IdempotencyWritten1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE idempotency_keys ADD COLUMN written_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE idempotency_keys DROP COLUMN written_at`);
  }
}
