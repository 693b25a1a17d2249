import { UserRepository } from '@kiosk/domain/identity';
import { Request, Response } from 'express';
import { Logger } from 'pino';
import { RateCheck, RateLimited, RateLimits, RateRule } from '../../platform/rate-limits/rate-limits';
import { MailerAccountMail } from '../account-mail';
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
    { rule: RATE_RULES.signInFailuresPerAccountAndIp, key: `${account}:${ip ?? ''}`, vendorId },
    { rule: RATE_RULES.signInFailuresPerAccount, key: account, vendorId },
    { rule: RATE_RULES.signInFailuresPerIp, key: `${vendorId}:${ip ?? ''}`, vendorId },
  ];
}

/**
 * A mail asked for (sign-up, password reset, sign-in code): counted for every
 * address asked, known or not (the answer is the same for both), and per client IP.
 */
export function mailChecks(vendorId: string, email: string, ip: string | undefined): RateCheck[] {
  return [
    { rule: RATE_RULES.mailsPerAccount, key: accountOf(vendorId, email), vendorId },
    { rule: RATE_RULES.mailsPerIp, key: `${vendorId}:${ip ?? ''}`, vendorId },
  ];
}

/**
 * Mails an account's owner when its failed sign-ins reach a limit (the
 * account's own, from one address or from anywhere; not the client IP's,
 * which spans accounts), at most once an hour per account, and only for an
 * address that has an account. Sending never fails the sign-in's answer.
 */
export class FailedSignInWarnings {
  constructor(
    private readonly limits: RateLimits,
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly mail: Pick<MailerAccountMail, 'sendFailedSignIns'>,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** After a failure was counted: `reached` are the rules it used up (or went over). */
  async afterFailure(reached: readonly RateRule[], to: { vendorId: string; email: string; language: string }): Promise<void> {
    if (!reached.some((rule) => rule.name !== RATE_RULES.signInFailuresPerIp.name)) return;
    try {
      const email = to.email.trim();
      if (!(await this.users.findByEmail(to.vendorId, email))) return;
      await this.limits.count([{ rule: RATE_RULES.failedSignInMailsPerAccount, key: accountOf(to.vendorId, email), vendorId: to.vendorId }]);
      await this.mail.sendFailedSignIns({ vendorId: to.vendorId, email, language: to.language });
    } catch (error) {
      if (!(error instanceof RateLimited)) this.logger.warn({ err: error }, 'the failed sign-ins warning could not be sent');
    }
  }
}

/** Counts a mail asked for; false (with Retry-After set on `res`) when the address or the client IP has asked too often. */
export async function mailAllowed(limits: RateLimits | null, req: Request, res: Response, vendorId: string, email: string): Promise<boolean> {
  try {
    await limits?.count(mailChecks(vendorId, email, req.ip));
    return true;
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    res.set(error.headers);
    return false;
  }
}
