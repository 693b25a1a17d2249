import { Clock, ConflictError, IdGenerator, InvalidError, NotFoundError, UnauthenticatedError } from '../shared';
import { createUser, normalizeEmail, User } from './user';
import { UserRepository } from './ports';

/** Memory-hard password hashing; the domain never sees a password at rest. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** Password hashes and e-mail verification of users who sign in with a password. */
export interface PasswordCredentials {
  find(vendorId: string, userId: string): Promise<{ passwordHash: string } | null>;
  /** Sets (or replaces) the user's password hash. */
  save(vendorId: string, userId: string, passwordHash: string, at: Date): Promise<void>;
}

/** One-time password reset tokens; the store keeps only their hash. */
export interface PasswordResetTokens {
  issue(vendorId: string, userId: string, expiresAt: Date): Promise<string>;
  /** Consumes a token: the user it was for, or null when unknown, used or expired. */
  consume(vendorId: string, token: string, now: Date): Promise<string | null>;
}

/** Who an account mail goes to; `language` is the page's, used when the reader has no stored language. */
export interface AccountMailRecipient {
  vendorId: string;
  email: string;
  language?: string | null;
}

export interface AccountMail {
  sendPasswordReset(to: AccountMailRecipient, resetUrl: string): Promise<void>;
  /** The link that finishes a sign-up: the account exists once it is opened. */
  sendSignUpConfirmation(to: AccountMailRecipient, confirmUrl: string): Promise<void>;
  /** Someone tried to sign up with the address of an existing account: how to sign in or reset the password. */
  sendAccountExists(to: AccountMailRecipient, resetUrl: string): Promise<void>;
}

/** What a sign-up link carries until it is opened: sealed (encrypted and authenticated) by the adapter. */
export interface SignUpClaim {
  vendorId: string;
  email: string;
  passwordHash: string;
}

/** Sealed, expiring sign-up links; nothing is stored until one is opened. */
export interface SignUpLinks {
  seal(claim: SignUpClaim, expiresAt: Date): Promise<string>;
  /** The claim of a well-formed, unexpired link; null otherwise. */
  open(token: string, now: Date): Promise<SignUpClaim | null>;
}

export const SIGN_UP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new InvalidError('ACCOUNT.WEAK_PASSWORD', `a password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
}

export class AccountExists extends ConflictError {
  constructor() {
    super('ACCOUNT.EXISTS', 'an account with this e-mail exists; sign in or reset the password');
  }
}

export class WrongCredentials extends UnauthenticatedError {
  constructor() {
    super('ACCOUNT.WRONG_CREDENTIALS', 'wrong e-mail or password');
  }
}

/**
 * A reader asks for an account on a vendor's sign-in page. The answer is the
 * same whether the e-mail has an account or not (nothing tells an attacker
 * which addresses are known): a new address gets a link that creates the
 * account with the chosen password when opened; the holder of an existing
 * account gets a message saying so, with a password-reset link. The
 * password is hashed in both cases, so timing tells nothing either.
 */
export class RequestSignUp {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHasher,
    private readonly links: SignUpLinks,
    private readonly resetTokens: PasswordResetTokens,
    private readonly mail: AccountMail,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    vendorId: string;
    email: string;
    password: string;
    confirmUrl: (token: string) => string;
    resetUrl: (token: string) => string;
    /** The page's language, for the mail when the reader has none stored. */
    language?: string | null;
  }): Promise<void> {
    checkPassword(command.password);
    const email = normalizeEmail(command.email);
    const passwordHash = await this.hasher.hash(command.password);
    const now = this.clock.now();
    const user = await this.users.findByEmail(command.vendorId, email);
    if (user && (await this.credentials.find(command.vendorId, user.id))) {
      const token = await this.resetTokens.issue(command.vendorId, user.id, new Date(now.getTime() + PASSWORD_RESET_TTL_MS));
      await this.mail.sendAccountExists({ vendorId: command.vendorId, email: user.email, language: command.language }, command.resetUrl(token));
      return;
    }
    const token = await this.links.seal({ vendorId: command.vendorId, email, passwordHash }, new Date(now.getTime() + SIGN_UP_LINK_TTL_MS));
    await this.mail.sendSignUpConfirmation({ vendorId: command.vendorId, email, language: command.language }, command.confirmUrl(token));
  }
}

/**
 * Opening a sign-up link: the account is made (or a user made by a contract
 * or a seat is claimed) with the password chosen at sign-up. Opening it again
 * is harmless; a link for an address that got a password meanwhile is refused.
 */
export class ConfirmSignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly credentials: PasswordCredentials,
    private readonly links: SignUpLinks,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { token: string }): Promise<User> {
    const now = this.clock.now();
    const claim = await this.links.open(command.token, now);
    const invalid = () => new NotFoundError('ACCOUNT.SIGN_UP_LINK_INVALID', 'the sign-up link is unknown, used or expired');
    if (!claim) throw invalid();
    const user = await this.users.addOrGet(createUser({ id: this.ids.next(), vendorId: claim.vendorId, email: claim.email }, now));
    const stored = await this.credentials.find(claim.vendorId, user.id);
    if (stored && stored.passwordHash !== claim.passwordHash) throw invalid();
    if (!stored) await this.credentials.save(claim.vendorId, user.id, claim.passwordHash, now);
    return user;
  }
}

/** A reader signs up with e-mail and password, at once (the operator's and tests' path; the pages use RequestSignUp). */
export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; email: string; password: string }): Promise<User> {
    checkPassword(command.password);
    const now = this.clock.now();
    // The user may exist without a password (created by a contract or a seat): signing up claims it.
    const user = await this.users.addOrGet(createUser({ id: this.ids.next(), vendorId: command.vendorId, email: command.email }, now));
    if (await this.credentials.find(command.vendorId, user.id)) throw new AccountExists();
    await this.credentials.save(command.vendorId, user.id, await this.hasher.hash(command.password), now);
    return user;
  }
}

/** Checks e-mail and password; the same refusal whatever was wrong. */
export class SignIn {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: { vendorId: string; email: string; password: string }): Promise<User> {
    let email: string;
    try {
      email = normalizeEmail(command.email);
    } catch {
      throw new WrongCredentials();
    }
    const user = await this.users.findByEmail(command.vendorId, email);
    const stored = user ? await this.credentials.find(command.vendorId, user.id) : null;
    // Hash even when there is no account, so timing does not tell which e-mails exist.
    const ok = await this.hasher.verify(command.password, stored?.passwordHash ?? DUMMY_HASH);
    if (!user || !stored || !ok) throw new WrongCredentials();
    return user;
  }
}

/** A syntactically valid hash of a random password nobody knows. */
export const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$hF3K4J8cP6ZXxgk2ZbQ3JgK3bB2R9tqkYyqQk2xvQeA';

/** Sends a reset link when the e-mail has an account; answers the same either way. */
export class RequestPasswordReset {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly tokens: PasswordResetTokens,
    private readonly mail: AccountMail,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; email: string; resetUrl: (token: string) => string; language?: string | null }): Promise<void> {
    let email: string;
    try {
      email = normalizeEmail(command.email);
    } catch {
      return;
    }
    const user = await this.users.findByEmail(command.vendorId, email);
    if (!user) return;
    const token = await this.tokens.issue(command.vendorId, user.id, new Date(this.clock.now().getTime() + PASSWORD_RESET_TTL_MS));
    await this.mail.sendPasswordReset({ vendorId: command.vendorId, email: user.email, language: command.language }, command.resetUrl(token));
  }
}

export class ResetPassword {
  constructor(
    private readonly tokens: PasswordResetTokens,
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; token: string; password: string }): Promise<string> {
    checkPassword(command.password);
    const now = this.clock.now();
    const userId = await this.tokens.consume(command.vendorId, command.token, now);
    if (!userId) throw new NotFoundError('ACCOUNT.RESET_TOKEN_INVALID', 'the reset link is unknown, used or expired');
    await this.credentials.save(command.vendorId, userId, await this.hasher.hash(command.password), now);
    return userId;
  }
}
