import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An `Idempotency-Key` claim is a lease: `locked_until` says until when the
 * attempt that holds it is presumed alive, `attempt` names that attempt so a
 * late release by a dead attempt never frees a newer one's claim. Claims made
 * before this migration count as lapsed.
 */
export class IdempotencyLease1763805000000 implements MigrationInterface {
  name = 'IdempotencyLease1763805000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE idempotency_keys ADD COLUMN locked_until timestamptz, ADD COLUMN attempt text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE idempotency_keys DROP COLUMN locked_until, DROP COLUMN attempt`);
  }
}
