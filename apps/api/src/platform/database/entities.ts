import { CAPSULE_ROWS } from '../../capsule/capsule.rows';
import { CONTRACT_ROWS } from '../../contracts/contract.rows';
import { ProductRow, PurchaseOptionRow, VendorRow } from '../../catalog/catalog.rows';
import { ApiKeyRow, SigningKeyRow, UserRow } from '../../identity/identity.rows';
import { OutboxRow, ScheduledTaskRow } from '../outbox/outbox.rows';

/** Every TypeORM entity of every module; the data source needs them all. */
export const ENTITIES = [
  VendorRow,
  ProductRow,
  PurchaseOptionRow,
  UserRow,
  ApiKeyRow,
  SigningKeyRow,
  OutboxRow,
  ScheduledTaskRow,
  ...CAPSULE_ROWS,
  ...CONTRACT_ROWS,
];
