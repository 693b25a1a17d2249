/** Worked refusals of the catalog and test clock routes for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { PRODUCT_EXAMPLE, VENDOR_ID } from './catalog.examples';

const { sku } = PRODUCT_EXAMPLE;

export const PRODUCT_NOT_FOUND = (description: string) => refusal(description, 404, 'PRODUCT.NOT_FOUND', `no product ${sku}`, { sku });

export const NO_TEST_CLOCK = refusal(
  'A production vendor: no test clock (problem+json)',
  404,
  'TEST_CLOCK.NOT_FOUND',
  `vendor ${VENDOR_ID} has no test clock: it is a production vendor and keeps the system clock`,
  { vendorId: VENDOR_ID },
);

export const CLOCK_ADVANCING = refusal(
  'A production vendor, or an advance already running (problem+json)',
  409,
  'TEST_CLOCK.ADVANCING',
  `the test clock of ${VENDOR_ID} is being advanced; ask again when its status is ready`,
  { vendorId: VENDOR_ID },
);
