import { Checkout, CheckoutOwner } from './checkout';
import { CheckoutNotFound } from './errors';

/** Who may see a checkout: its owner. Another reader's, visitor's or vendor's checkout is not found. */
export function assertOwner(checkout: Checkout | null, owner: CheckoutOwner | null, checkoutId: string): Checkout {
  if (!checkout) throw new CheckoutNotFound(checkoutId);
  if (owner === null) return checkout;
  const o = checkout.owner;
  const same =
    (o.kind === 'user' && owner.kind === 'user' && o.userId === owner.userId) ||
    (o.kind === 'visitor' && owner.kind === 'visitor' && o.visitorId === owner.visitorId);
  if (!same) throw new CheckoutNotFound(checkoutId);
  return checkout;
}
