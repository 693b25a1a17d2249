import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counters of the rate limits (platform/rate-limits): one row per rule and
 * key, in the shape `rate-limiter-flexible`'s PostgreSQL store reads and
 * writes (`key`, `points`, `expire` in epoch milliseconds). Shared by every
 * process of a deployment, so a limit holds across them. Keys are hashes:
 * no e-mail address or IP is stored.
 */
export class RateLimits1765050000000 implements MigrationInterface {
  name = 'RateLimits1765050000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE IF NOT EXISTS rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
    await db.query(`CREATE INDEX IF NOT EXISTS rate_limits_expire ON rate_limits (expire)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rate_limits`);
  }
}
