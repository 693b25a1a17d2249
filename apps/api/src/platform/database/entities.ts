import { ACCESS_ROWS } from '../../access/access.rows';
import { BILLING_ROWS } from '../../billing/billing.rows';
import { RECEIPT_ROWS } from '../../billing/receipt.rows';
import { CAPSULE_ROWS } from '../../capsule/capsule.rows';
import { PRODUCT_SCOPE_ROWS } from '../../capsule/product-scopes.rows';
import { CHECKOUT_ROWS } from '../../checkout/checkout.rows';
import { CONTRACT_ROWS } from '../../contracts/contract.rows';
import { DIAGNOSTICS_ROWS } from '../../engagement/diagnostics.rows';
import { LICENSE_ROWS } from '../../engagement/licenses.rows';
import { TALLY_ROWS } from '../../engagement/tallies.rows';
import { PAYWALL_ROWS } from '../../paywalls/paywalls.rows';
import { ProductRow, PurchaseOptionRow, VendorRow } from '../../catalog/catalog.rows';
import { ApiKeyRow, BrowserClientRow, SigningKeyRow, UserRow } from '../../identity/identity.rows';
import { IdempotencyKeyRow } from '../idempotency/idempotency.rows';
import { OutboxRow, ScheduledTaskRow } from '../outbox/outbox.rows';
import { PROFILE_ROWS } from '../../engagement/profile.rows';
import { MAIL_ROWS } from '../../mail/mail.rows';
import { JOURNEY_CODE_ROWS } from '../../identity/journey-codes.rows';
import { STATS_ROWS } from '../../stats/stats.rows';

/** Every TypeORM entity of every module; the data source needs them all. */
export const ENTITIES = [
  VendorRow,
  ProductRow,
  PurchaseOptionRow,
  UserRow,
  ApiKeyRow,
  BrowserClientRow,
  SigningKeyRow,
  OutboxRow,
  ScheduledTaskRow,
  IdempotencyKeyRow,
  ...CAPSULE_ROWS,
  ...PRODUCT_SCOPE_ROWS,
  ...BILLING_ROWS,
  ...RECEIPT_ROWS,
  ...ACCESS_ROWS,
  ...CONTRACT_ROWS,
  ...TALLY_ROWS,
  ...LICENSE_ROWS,
  ...DIAGNOSTICS_ROWS,
  ...PAYWALL_ROWS,
  ...PROFILE_ROWS,
  ...CHECKOUT_ROWS,
  ...MAIL_ROWS,
  ...JOURNEY_CODE_ROWS,
  ...STATS_ROWS,
];
