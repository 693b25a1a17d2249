import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';

/** What a handoff code stands for: who is signed in, at which browser client, after which checkout, from which visitor. */
export interface HandoffBinding {
  readonly vendorId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly checkoutId: string | null;
  readonly visitorId: string | null;
}

/** How long a handoff code lives: the browser is redirected at once, so a minute is plenty. */
export const HANDOFF_TTL_SECONDS = 60;
/** The query parameter that carries the code to the vendor's page. */
export const HANDOFF_PARAMETER = 'kiosk_handoff';
/** The code's shape: 32 random bytes, base64url (43 characters). */
export const HANDOFF_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url');

/**
 * One-time handoff codes (DESIGN.md 6, "From payment to reading"): random,
 * kept only as their SHA-256 (a 256-bit secret needs no slow hash), single
 * use and short-lived. Redeeming is one conditional UPDATE, so of two racing
 * redeemers exactly one gets the binding.
 */
export class SqlHandoffCodes {
  constructor(private readonly db: DataSource) {}

  /** `ttlSeconds`: a checkout's return is followed at once; a staff sign-in link printed or mailed waits for a person. */
  async mint(binding: HandoffBinding, now: Date, ttlSeconds = HANDOFF_TTL_SECONDS): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await sqlRows(
      this.db,
      `INSERT INTO handoff_codes (code_hash, vendor_id, client_id, user_id, checkout_id, visitor_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [hashOf(code), binding.vendorId, binding.clientId, binding.userId, binding.checkoutId, binding.visitorId, now, new Date(now.getTime() + ttlSeconds * 1000)],
    );
    // Spent and expired codes are of no use to anyone: the minting keeps the table small.
    await sqlRows(this.db, `DELETE FROM handoff_codes WHERE expires_at < $1`, [new Date(now.getTime() - 3_600_000)]);
    return code;
  }

  /** The binding of an unused, unexpired code of this browser client, spending it; null for anything else. */
  async redeem(code: string, vendorId: string, clientId: string, now: Date): Promise<HandoffBinding | null> {
    if (!HANDOFF_CODE_PATTERN.test(code)) return null;
    const [row] = await sqlRows<{ vendor_id: string; client_id: string; user_id: string; checkout_id: string | null; visitor_id: string | null }>(
      this.db,
      `UPDATE handoff_codes SET used_at = $3
        WHERE vendor_id = $4 AND code_hash = $1 AND client_id = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING vendor_id, client_id, user_id, checkout_id, visitor_id`,
      [hashOf(code), clientId, now, vendorId],
    );
    if (!row) return null;
    return { vendorId: row.vendor_id, clientId: row.client_id, userId: row.user_id, checkoutId: row.checkout_id, visitorId: row.visitor_id };
  }
}
