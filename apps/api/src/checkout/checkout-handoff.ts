import { Clock } from '@kiosk/domain';
import { CheckoutSnapshot, maySignInOnReturn, needsProofOfAddress, returnAddressOf } from '@kiosk/domain/checkout';
import { BrowserClientRepository, isAllowedReturnAddress } from '@kiosk/domain/identity';
import { HANDOFF_PARAMETER, HandoffBinding } from '../identity/identity.module';
import { processNow } from '../platform/vendor-time';

/**
 * The way from a paid checkout back to the vendor's site (DESIGN.md 6, "From
 * payment to reading"): `redirectUrl` with `checkoutId`, and, when the
 * checkout may sign the paying browser in, a one-time handoff code the
 * browser library exchanges for the cookie session. It may when a visitor
 * (no account at the start) paid, came through one of the vendor's browser
 * clients, `redirectUrl` is on that client's origins, and the domain's rule
 * (`maySignInOnReturn`) allows it.
 */
export class CheckoutHandoff {
  constructor(
    private readonly codes: { mint(binding: HandoffBinding, now: Date): Promise<string> },
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly clock: Clock,
    /** False with an external OpenID provider (OIDC_ISSUER): the service then signs no reader tokens. */
    private readonly enabled = true,
  ) {}

  /** `redirectUrl` with `checkoutId`, or null when the checkout has none. */
  plainAddress(s: CheckoutSnapshot): string | null {
    return returnAddressOf(s);
  }

  /** The browser client a visitor's paid checkout may sign in at, or null when it may not be signed in from here. */
  async clientFor(s: CheckoutSnapshot): Promise<string | null> {
    if (!this.enabled || s.status !== 'COMPLETED' || !s.payer || s.owner.kind !== 'visitor' || !s.owner.clientId || !s.details.redirectUrl) return null;
    const client = await this.clients.findById(s.owner.clientId);
    if (!client || client.vendorId !== s.vendorId || !isAllowedReturnAddress(client, s.details.redirectUrl)) return null;
    return client.clientId;
  }

  /** Whether the receipt should offer to prove control of the address first (the payer's account existed before). */
  async needsProof(s: CheckoutSnapshot): Promise<boolean> {
    return needsProofOfAddress(s) && (await this.clientFor(s)) !== null;
  }

  /** Where the receipt's "Continue" leads: with a fresh handoff code when the browser may be signed in. */
  async continueAddress(s: CheckoutSnapshot, proven = false): Promise<string | null> {
    const plain = this.plainAddress(s);
    if (!plain) return null;
    const clientId = await this.clientFor(s);
    // The checkout's times are the vendor's (a test vendor's clock); the code's life is the process's, as its redeeming.
    if (!clientId || !maySignInOnReturn(s, this.clock.now(), proven)) return plain;
    const visitorId = s.owner.kind === 'visitor' ? s.owner.visitorId : null;
    const code = await this.codes.mint({ vendorId: s.vendorId, clientId, userId: s.payer!.id, checkoutId: s.id, visitorId }, processNow(this.clock));
    const url = new URL(plain);
    url.searchParams.set(HANDOFF_PARAMETER, code);
    return url.toString();
  }
}
