/** Worked refusals of the checkout API routes and the checkout settings for the OpenAPI document. */
import { invalidField, refusal } from '../platform/http/problem-examples';
import { CHECKOUT_ID } from './checkout.examples';

export const PRICE_MISMATCH = refusal(
  "Invalid body (every wrong field under `errors`); unknown product or purchase option; a price or currency that is not the vendor's (CHECKOUT.PRICE_MISMATCH); gift or business purchase the vendor does not offer",
  400,
  'CHECKOUT.PRICE_MISMATCH',
  "price is 89 but the vendor's price is 99",
  { field: 'price', requested: 89, actual: 99 },
);

export const CHECKOUT_NOT_FOUND = refusal('No such checkout of the caller', 404, 'CHECKOUT.NOT_FOUND', `no checkout ${CHECKOUT_ID}`, { checkoutId: CHECKOUT_ID });

export const CHECKOUT_CLOSED = refusal(
  'The checkout is COMPLETED or EXPIRED (CHECKOUT.CLOSED), or a payment awaits its confirmation step',
  409,
  'CHECKOUT.CLOSED',
  `checkout ${CHECKOUT_ID} is COMPLETED and can no longer be changed`,
  { checkoutId: CHECKOUT_ID, status: 'COMPLETED' },
);

export const BAD_CHECKOUT_SETTINGS = invalidField('Invalid body', 'color', 'color must be #rrggbb');
