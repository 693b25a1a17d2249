import { Clock } from '@kiosk/domain';
import { CheckoutRepository } from '@kiosk/domain/checkout';
import { CheckoutTaxView } from '../billing/billing.module';
import { EventObjectView } from '../platform/http/event-object-view';
import { CheckoutLinks, checkoutView } from './checkout.views';

/** The checkout (the event's aggregate) as `GET /checkouts/{id}` shows it. */
export const checkoutEventView =
  (checkouts: Pick<CheckoutRepository, 'find'>, clock: Clock, links: CheckoutLinks, taxOf: CheckoutTaxView | null = null): EventObjectView =>
  async (event) => {
    const checkout = await checkouts.find(event.vendorId, event.aggregateId);
    return checkout ? { ...checkoutView(checkout, clock.now(), links, taxOf ? await taxOf(checkout) : null) } : null;
  };
