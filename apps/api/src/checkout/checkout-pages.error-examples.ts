/**
 * Worked refusals of the hosted checkout pages for the OpenAPI document: the
 * pages a buyer meets, in English, with the sentences of checkout-messages-en.ts.
 */
import { htmlPage } from '../platform/http/problem-examples';

export const WRONG_LINK_PAGE = (description = 'Wrong link (HTML page)') =>
  htmlPage(description, 'Checkout not found', 'This checkout link is not valid. Go back to the site and start again.');

export const EXPIRED_PAGE = htmlPage('Expired (HTML page)', 'Checkout expired', 'This checkout has expired. Go back to the site and start again.');

export const GIFT_NOT_FOUND_PAGE = htmlPage('Wrong link, or not a completed gift (HTML page)', 'Gift not found', 'This gift link is not valid.');

export const TOO_MANY_CODES_PAGE = htmlPage(
  'Too many codes (HTML page)',
  'Too many codes',
  'Too many sign-in codes were sent to this address. Wait a few minutes, then ask again.',
);

export const DISCOUNT_REFUSED_PAGE = htmlPage('The page again: the code cannot be used', 'Checkout', 'That discount code cannot be used.');

export const DECLINED_PAGE = htmlPage(
  'The page again with a clear error: missing fields, declined card, ...',
  'Checkout',
  'Your card was declined. Try another card.',
);

export const RESIDENCE_PAGE = htmlPage(
  "The details name more than one country: nothing is charged, the page asks the buyer's country of residence (`residenceCountry`)",
  'Checkout',
  'The details you gave name more than one country (SE, NO). VAT is charged where you live: choose the country you live in, then pay.',
);

export const NOT_CONFIRMED_PAGE = htmlPage('The page again: the payment was not confirmed', 'Checkout', 'The payment was not confirmed.');

export const WRONG_CODE_PAGE = htmlPage(
  'The code page again: the code is wrong, used or expired',
  'Enter your sign-in code',
  'That code is not right, or has expired. Check the e-mail, or ask for a new code.',
);

export const LINK_EXPIRED_PAGE = htmlPage(
  'A used or expired link',
  'Link expired',
  'This sign-in link was used already or has expired. Ask for a new code on the receipt.',
);
