import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { UserLiveness } from './user-liveness';

/** identity: the user row becomes a tombstone (id kept, e-mail replaced, names gone, erased_at set); sign-in data and staff memberships go. */
export class IdentityEraser implements PersonalDataEraser {
  readonly module = 'identity';
  constructor(
    private readonly db: DataSource,
    private readonly liveness: UserLiveness,
  ) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    // Anyone may create a user with an e-mail that looks like a tombstone; then this one gets a suffix.
    const [{ taken }] = await sqlRows<{ taken: boolean }>(
      m,
      `SELECT EXISTS (SELECT 1 FROM users WHERE vendor_id = $1 AND email = $2 AND id <> $3) AS taken`,
      [s.vendorId, s.tombstoneEmail, s.userId],
    );
    const tombstone = taken ? s.tombstoneEmail.replace('@', `-${s.erasedAt.getTime()}@`) : s.tombstoneEmail;
    await sqlRows(
      m,
      `UPDATE users SET email = $3, first_name = NULL, last_name = NULL, erased_at = $4
        WHERE vendor_id = $1 AND id = $2`,
      [s.vendorId, s.userId, tombstone, s.erasedAt],
    );
    // An erased person is nobody's staff any more (their memberships of any vendor go).
    await sqlRows(m, `DELETE FROM staff_memberships WHERE user_vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    await sqlRows(m, `DELETE FROM user_passwords WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    await sqlRows(m, `DELETE FROM password_reset_tokens WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    await sqlRows(m, `DELETE FROM sign_in_codes WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    await sqlRows(m, `DELETE FROM handoff_codes WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    // Sessions, grants, codes and tokens of the embedded OpenID provider: their accountId is the user id.
    await sqlRows(m, `DELETE FROM oidc_payloads WHERE payload->>'accountId' = $1 OR strpos(lower(payload::text), lower($2)) > 0`, [
      s.userId,
      s.email,
    ]);
    this.liveness.forget(s.vendorId, s.userId);
  }
}
