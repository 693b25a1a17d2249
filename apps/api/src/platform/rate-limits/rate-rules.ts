import { RateRule } from './rate-limits';

/**
 * The service's rate limits, in one place (docs/operations.md, "Rate
 * limits"). Keys are per vendor where an account is meant: an e-mail is an
 * account only at its vendor.
 */
export const RATE_RULES = {
  /** Wrong passwords for one account from one client IP: the 31st within a minute is refused for a minute. */
  signInFailuresPerAccountAndIp: { name: 'sign-in:account+ip', points: 30, windowSeconds: 60, blockSeconds: 60, what: 'failed sign-ins' },
  /** Wrong passwords for one account from anywhere: slows a spread-out guess without locking its owner out at once. */
  signInFailuresPerAccount: { name: 'sign-in:account', points: 100, windowSeconds: 3_600, blockSeconds: 900, what: 'failed sign-ins for this account' },
  /** Wrong passwords from one client IP across accounts (credential stuffing). */
  signInFailuresPerIp: { name: 'sign-in:ip', points: 300, windowSeconds: 3_600, blockSeconds: 900, what: 'failed sign-ins from this address' },
  /** Warnings mailed to an account's owner when its failed sign-ins reach a limit: one an hour. */
  failedSignInMailsPerAccount: { name: 'sign-in:owner-mail', points: 1, windowSeconds: 3_600, blockSeconds: 0, what: 'warnings to this account' },
  /** Mails a person can have sent to one address: sign-up, sign-in links and codes, password resets. */
  mailsPerAccount: { name: 'mail:account', points: 5, windowSeconds: 900, blockSeconds: 0, what: 'e-mails to this address' },
  /** Mails asked for from one client IP. */
  mailsPerIp: { name: 'mail:ip', points: 30, windowSeconds: 900, blockSeconds: 0, what: 'e-mails asked for from this address' },
  /** Failed card payments on one checkout (card testing tries many numbers on one): the 11th attempt within an hour waits. */
  cardPaymentsPerCheckout: { name: 'pay:checkout', points: 10, windowSeconds: 3_600, blockSeconds: 0, what: 'failed payments on this checkout' },
  /** Failed card payments from one client IP at one vendor. */
  cardPaymentsPerIp: { name: 'pay:ip', points: 30, windowSeconds: 3_600, blockSeconds: 0, what: 'failed payments from this address' },
  /**
   * Failed client authentications of one API key from one client IP at the token endpoint (a guess at its secret);
   * per IP too, so a guesser elsewhere cannot lock the key's own servers out.
   */
  tokenFailuresPerClientAndIp: { name: 'token:client+ip', points: 30, windowSeconds: 60, blockSeconds: 300, what: 'failed token requests for this client' },
  /** Failed token requests from one client IP, whatever the client. */
  tokenFailuresPerIp: { name: 'token:ip', points: 100, windowSeconds: 60, blockSeconds: 300, what: 'failed token requests from this address' },
} satisfies Record<string, RateRule>;
