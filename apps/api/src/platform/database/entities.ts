import { ACCESS_ROWS } from '../../access/access.rows';
import { BILLING_ROWS } from '../../billing/billing.rows';
import { CAPSULE_ROWS } from '../../capsule/capsule.rows';
import { CONTRACT_ROWS } from '../../contracts/contract.rows';
import { ProductRow, PurchaseOptionRow, VendorRow } from '../../catalog/catalog.rows';
import { ApiKeyRow, BrowserClientRow, SigningKeyRow, UserRow } from '../../identity/identity.rows';
import { IdempotencyKeyRow } from '../idempotency/idempotency.rows';
import { OutboxRow, ScheduledTaskRow } from '../outbox/outbox.rows';

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
  ...BILLING_ROWS,
  ...ACCESS_ROWS,
  ...CONTRACT_ROWS,
];
