import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { scrubColumn } from './database/erasure-sql';
import { sqlRows } from './database/sql';
import { managerOf } from './database/transaction';

/** platform: answers kept for Idempotency-Key replays and outbox payloads lose the person. */
export class PlatformEraser implements PersonalDataEraser {
  readonly module = 'platform';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    const needles = [s.email, [s.firstName, s.lastName].filter(Boolean).join(' ')].filter((n) => n.length >= 2).map((n) => n.toLowerCase());
    // Replays of the person's own requests, and any stored answer that shows them, are forgotten.
    await sqlRows(
      m,
      `DELETE FROM idempotency_keys WHERE vendor_id = $4 AND (scope = $1
          OR (starts_with(scope, $2) AND EXISTS (SELECT 1 FROM unnest($3::text[]) n WHERE strpos(lower(coalesce(body, '')), n) > 0)))`,
      [`${s.vendorId}:user:${s.userId}`, `${s.vendorId}:`, needles, s.vendorId],
    );
    await scrubColumn(m, { table: 'outbox', keys: ['vendor_id', 'id'], column: 'payload', kind: 'json' }, s);
    await scrubColumn(m, { table: 'outbox', keys: ['vendor_id', 'id'], column: 'last_error', kind: 'text' }, s);
  }
}
