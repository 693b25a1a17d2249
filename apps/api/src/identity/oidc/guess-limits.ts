import { RateCheck } from '../../platform/rate-limits/rate-limits';
import { RATE_RULES } from '../../platform/rate-limits/rate-rules';

/**
 * What the embedded provider's forms count against (docs/operations.md,
 * "Rate limits"), in one place. An account is an e-mail at one vendor; a
 * client IP is what TRUST_PROXY says it is (Express's `req.ip`).
 */
const accountOf = (vendorId: string, email: string) => `${vendorId}:${email.trim().toLowerCase()}`;

/** A password guess: the account from this client IP, the account from anywhere, this IP on any account of the vendor. */
export function signInChecks(vendorId: string, email: string, ip: string | undefined): RateCheck[] {
  const account = accountOf(vendorId, email);
  return [
    { rule: RATE_RULES.signInFailuresPerAccountAndIp, key: `${account}:${ip ?? ''}` },
    { rule: RATE_RULES.signInFailuresPerAccount, key: account },
    { rule: RATE_RULES.signInFailuresPerIp, key: `${vendorId}:${ip ?? ''}` },
  ];
}

/**
 * A mail asked for (sign-up, password reset, sign-in code): counted for every
 * address asked, known or not (the answer is the same for both), and per client IP.
 */
export function mailChecks(vendorId: string, email: string, ip: string | undefined): RateCheck[] {
  return [
    { rule: RATE_RULES.mailsPerAccount, key: accountOf(vendorId, email) },
    { rule: RATE_RULES.mailsPerIp, key: `${vendorId}:${ip ?? ''}` },
  ];
}
