import { Clock } from '../shared/clock';
import { ConflictError, InvalidError } from '../shared/errors';
import { IdGenerator } from '../shared/ids';
import { SecretHasher, UserRepository } from './ports';
import { normalizeEmail } from './user';

/**
 * Passwordless sign-in and proof of an address (DESIGN.md 6): a 6-digit
 * code and a one-click link, mailed together; 15 minutes, single use, kept
 * only as keyed hashes and compared in constant time; at most 5 wrong tries
 * per code, at most 5 codes per account in 15 minutes. The receipt of a
 * checkout paid with an existing account's e-mail and the sign-in pages
 * both use this one primitive.
 */
export const SIGN_IN_CODE_TTL_MS = 15 * 60_000;
export const SIGN_IN_CODE_MAX_FAILURES = 5;
export const SIGN_IN_CODES_PER_WINDOW = 5;
export const SIGN_IN_CODE_WINDOW_MS = 15 * 60_000;

/** What a code is for: signing in on the provider's pages, or proving the address on a checkout's receipt. */
export type SignInCodePurpose = 'sign-in' | 'checkout';

export interface StoredSignInCode {
  readonly id: string;
  readonly vendorId: string;
  readonly userId: string;
  readonly codeHash: string;
  readonly linkHash: string;
  readonly purpose: SignInCodePurpose;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly failedAttempts: number;
  readonly usedAt: Date | null;
}

/** The codes' storage; `spend` and `fail` are single conditional statements, safe against racing requests. */
export interface SignInCodeStore {
  add(code: StoredSignInCode): Promise<void>;
  /** How many codes the account was sent since `since` (the rate limit). */
  countSince(vendorId: string, userId: string, since: Date): Promise<number>;
  find(vendorId: string, id: string): Promise<StoredSignInCode | null>;
  findByLink(vendorId: string, linkHash: string): Promise<StoredSignInCode | null>;
  /** Marks the code used when it is still unused, unexpired and under the failure limit; true when this call spent it. */
  spend(vendorId: string, id: string, now: Date): Promise<boolean>;
  /** Counts a wrong try. */
  fail(vendorId: string, id: string): Promise<void>;
}

/** Fresh random secrets (the adapter uses a CSPRNG): 6 digits, and a link secret of at least 128 bits. */
export interface SignInCodeSecrets {
  code(): string;
  linkSecret(): string;
}

export interface SignInCodeMail {
  send(mail: { vendorId: string; email: string; code: string; link: string; purpose: SignInCodePurpose; language: string | null }): Promise<void>;
}

export class TooManySignInCodes extends ConflictError {
  constructor(readonly retryAfterSeconds: number) {
    super('AUTH.TOO_MANY_CODES', 'too many sign-in codes were asked for this account; wait a little and try again', { retryAfterSeconds });
  }
}

export class InvalidSignInCode extends InvalidError {
  constructor() {
    super('AUTH.INVALID_CODE', 'the code is not right, or has expired; ask for a new one');
  }
}

const CODE = /^\d{6}$/;
/** A challenge that was never stored (an unknown address): its id looks like any other. */
const nobody = (ids: IdGenerator) => ({ challengeId: ids.next(), userId: null as string | null });

/**
 * Mails a code and link to the account of `email`. The answer, a challenge
 * id to enter the code against, looks the same for an unknown address (no
 * account enumeration); only a known account is sent anything.
 */
export class RequestSignInCode {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly store: Pick<SignInCodeStore, 'add' | 'countSince'>,
    private readonly secrets: SignInCodeSecrets,
    private readonly hasher: SecretHasher,
    private readonly mail: SignInCodeMail,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    vendorId: string;
    email: string;
    purpose: SignInCodePurpose;
    /** The one-click link of the mail, from the challenge id and the link's secret. */
    link: (challengeId: string, secret: string) => string;
    language?: string | null;
  }): Promise<{ challengeId: string; userId: string | null }> {
    let email: string;
    try {
      email = normalizeEmail(command.email);
    } catch {
      return nobody(this.ids);
    }
    const user = await this.users.findByEmail(command.vendorId, email);
    if (!user) return nobody(this.ids);
    const now = this.clock.now();
    const sent = await this.store.countSince(command.vendorId, user.id, new Date(now.getTime() - SIGN_IN_CODE_WINDOW_MS));
    if (sent >= SIGN_IN_CODES_PER_WINDOW) throw new TooManySignInCodes(Math.ceil(SIGN_IN_CODE_WINDOW_MS / 1000));
    const id = this.ids.next();
    const code = this.secrets.code();
    const secret = this.secrets.linkSecret();
    await this.store.add({
      id,
      vendorId: command.vendorId,
      userId: user.id,
      codeHash: this.hasher.hash(`${id}:${code}`),
      linkHash: this.hasher.hash(`link:${secret}`),
      purpose: command.purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
      failedAttempts: 0,
      usedAt: null,
    });
    await this.mail.send({
      vendorId: command.vendorId,
      email: user.email,
      code,
      link: command.link(id, secret),
      purpose: command.purpose,
      language: command.language ?? null,
    });
    return { challengeId: id, userId: user.id };
  }
}

/**
 * Checks a code (typed) or a link's secret (clicked) and spends it: the
 * user id it proves. A wrong code counts against its 5 tries; anything
 * wrong, used, expired or of another purpose is the same InvalidSignInCode.
 */
export class VerifySignInCode {
  constructor(
    private readonly store: SignInCodeStore,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  private usable(found: StoredSignInCode | null, purpose: SignInCodePurpose, now: Date): found is StoredSignInCode {
    return (
      found !== null &&
      found.purpose === purpose &&
      found.usedAt === null &&
      found.expiresAt.getTime() > now.getTime() &&
      found.failedAttempts < SIGN_IN_CODE_MAX_FAILURES
    );
  }

  async withCode(command: { vendorId: string; challengeId: string; code: string; purpose: SignInCodePurpose }): Promise<string> {
    const now = this.clock.now();
    const code = command.code.replace(/\s+/g, '');
    const found = command.challengeId.length <= 128 ? await this.store.find(command.vendorId, command.challengeId) : null;
    if (!this.usable(found, command.purpose, now)) throw new InvalidSignInCode();
    if (!CODE.test(code) || !this.hasher.matches(`${found.id}:${code}`, found.codeHash)) {
      await this.store.fail(command.vendorId, found.id);
      throw new InvalidSignInCode();
    }
    if (!(await this.store.spend(command.vendorId, found.id, now))) throw new InvalidSignInCode();
    return found.userId;
  }

  async withLink(command: { vendorId: string; secret: string; purpose: SignInCodePurpose }): Promise<string> {
    const now = this.clock.now();
    const found = command.secret.length > 0 && command.secret.length <= 128 ? await this.store.findByLink(command.vendorId, this.hasher.hash(`link:${command.secret}`)) : null;
    if (!this.usable(found, command.purpose, now)) throw new InvalidSignInCode();
    if (!(await this.store.spend(command.vendorId, found.id, now))) throw new InvalidSignInCode();
    return found.userId;
  }
}
