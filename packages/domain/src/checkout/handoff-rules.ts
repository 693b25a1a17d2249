import { CheckoutSnapshot } from './checkout';

/** How long after the payment the receipt's "Continue" may still sign a new reader in. */
export const HANDOFF_WINDOW_MS = 60 * 60_000;

/** Where a completed checkout returns the buyer: `redirectUrl` with `checkoutId`, or null when it has none. */
export function returnAddressOf(s: CheckoutSnapshot): string | null {
  if (!s.details.redirectUrl || !URL.canParse(s.details.redirectUrl)) return null;
  const url = new URL(s.details.redirectUrl);
  url.searchParams.set('checkoutId', s.id);
  return url.toString();
}

/**
 * Whether the browser that paid may be signed in on its return (DESIGN.md 6,
 * "From payment to reading"): the payer's account was made by this very
 * checkout, within the hour after the payment, or the payer has just proved
 * control of the address (`proven`). Never silently for an account that
 * existed before: anyone could pay a krona to sign in as someone else.
 */
export function maySignInOnReturn(s: CheckoutSnapshot, now: Date, proven: boolean): boolean {
  if (proven) return true;
  const recent = s.completedAt !== null && now.getTime() - s.completedAt.getTime() <= HANDOFF_WINDOW_MS;
  return s.payerCreated === true && recent;
}

/** Whether the receipt asks the payer to prove control of the address first (the account existed before the checkout). */
export const needsProofOfAddress = (s: CheckoutSnapshot): boolean => s.payerCreated !== true;
