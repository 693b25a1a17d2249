import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issuer keys can be retired: the JWKS marks them `status: "retired"` so
 * publishers stop wrapping for them, while the private key stays to unlock
 * pages that already name it.
 */
export class CapsuleIssuerKeyRetirement1763800000000 implements MigrationInterface {
  name = 'CapsuleIssuerKeyRetirement1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE capsule_issuer_keys ADD COLUMN retired_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE capsule_issuer_keys DROP COLUMN IF EXISTS retired_at`);
  }
}
