import { Principal } from '@kiosk/domain/identity';

/** How many verified tokens a process remembers (a token is about 1 kB: a few MB at most). */
const MAX_ENTRIES = 5_000;
/** The longest a verified token is trusted without checking its signature again, whatever its expiry. */
const MAX_TRUST_MS = 5 * 60_000;

interface Entry {
  principal: Principal;
  /** The token's `exp`, in seconds since the epoch. */
  expiresAt: number;
  /** When the cache stops answering for it even before `exp` (process time, ms). */
  trustedUntilMs: number;
}

/**
 * Tokens this process has already verified, with what they proved. Checking
 * an ES256 signature is the largest CPU cost of a bearer-authenticated hot
 * request (issue 17); a page's script sends the same token many times, so
 * the result is kept by the whole token text (never by a part of it: the
 * signature covers header and payload together), until the token expires or
 * five minutes have passed, whichever is first. Expiry is judged on each hit
 * exactly as jose judges it (`exp` must be after now, no tolerance). Only
 * successes are kept; gates (erased accounts) still run on every request.
 * The oldest entry leaves first when the cache is full.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();

  get(token: string, now: Date): Principal | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    const nowMs = now.getTime();
    if (Math.floor(nowMs / 1000) >= entry.expiresAt || nowMs >= entry.trustedUntilMs) {
      this.entries.delete(token);
      return null;
    }
    // A copy: a caller that changed the principal must not change what the next request is told.
    return { ...entry.principal, scopes: [...entry.principal.scopes] };
  }

  set(token: string, principal: Principal, expiresAt: number, now: Date): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { principal, expiresAt, trustedUntilMs: now.getTime() + MAX_TRUST_MS });
  }

  /** Forgets everything (a signing key was withdrawn). */
  clear(): void {
    this.entries.clear();
  }
}
