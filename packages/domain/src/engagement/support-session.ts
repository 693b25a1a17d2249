import { Clock, IdGenerator, NotFoundError } from '../shared';

/** Claims of the support messenger's token: who the reader is, for how long. */
export interface SupportSessionClaims {
  readonly sub: string;
  readonly vendorId: string;
  readonly email: string;
  readonly jti: string;
  /** Seconds since the epoch. */
  readonly iat: number;
  readonly exp: number;
}

/** Signs the claims (HS256 with the key from configuration, in the API). */
export interface SupportSessionSigner {
  sign(claims: SupportSessionClaims): Promise<string>;
}

export interface SupportSessionReaders {
  /** The reader's e-mail address; null when the vendor has no such user. */
  emailOf(vendorId: string, userId: string): Promise<string | null>;
}

export const SUPPORT_SESSION_LIFETIME_SECONDS = 300;

export class SupportReaderNotFound extends NotFoundError {
  constructor() {
    super('SUPPORT.READER_NOT_FOUND', 'the signed-in reader is not known to the vendor');
  }
}

/** `GET /support-session`: a short-lived token the support messenger trusts to say who the reader is. */
export class IssueSupportSession {
  constructor(
    private readonly readers: SupportSessionReaders,
    private readonly signer: SupportSessionSigner,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly lifetimeSeconds = SUPPORT_SESSION_LIFETIME_SECONDS,
  ) {}

  async execute(command: { vendorId: string; userId: string }): Promise<{ token: string; expiresAt: Date }> {
    const email = await this.readers.emailOf(command.vendorId, command.userId);
    if (email === null) throw new SupportReaderNotFound();
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const exp = iat + this.lifetimeSeconds;
    const token = await this.signer.sign({ sub: command.userId, vendorId: command.vendorId, email, jti: this.ids.next(), iat, exp });
    return { token, expiresAt: new Date(exp * 1000) };
  }
}
