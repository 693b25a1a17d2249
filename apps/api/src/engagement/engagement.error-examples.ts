/** Worked refusals of the engagement routes (tags, metadata, tallies, fulfillments, licenses, profile) for the OpenAPI document. */
import { invalidField, NO_CREDENTIALS, refusal, tooLarge } from '../platform/http/problem-examples';
import { FULFILLMENT_ID, LICENSE_POOL_ID, TALLY_ID } from './engagement.examples';

const SKU = 'daily-digital';
const BAD_TALLY_ID = 'read articles!';

export { NO_CREDENTIALS };

export const BAD_TAG = (description: string) =>
  refusal(description, 400, 'TAG.BAD_TAG', 'a tag is 1 to 64 characters without control characters or "/"');

export const BAD_METADATA_KEY = (description: string) =>
  refusal(description, 400, 'USER_METADATA.BAD_KEY', 'a metadata key is 1 to 64 letters, digits, underscores, dots, colons or hyphens', {
    key: 'news letter',
  });

export const BODY_TOO_LARGE = (description: string) => tooLarge(description);

export const BAD_TALLY_ID_REFUSAL = (description: string) =>
  refusal(description, 400, 'TALLY.BAD_ID', 'a tally id is 1 to 64 letters, digits, "_", "-", "." or ":"', { id: BAD_TALLY_ID });

export const TALLY_FULL = (description: string) =>
  refusal(description, 409, 'TALLY.FULL', 'the tally holds its maximum of 50 items and its overflow policy is "block"', {
    id: TALLY_ID,
    maxItems: 50,
  });

export const TALLY_QUOTA = refusal('The reader holds 100 live tallies already (TALLY.QUOTA_EXCEEDED)', 413, 'TALLY.QUOTA_EXCEEDED', 'a reader holds at most 100 tallies', {
  limit: 100,
});

export const PROFILE_NOT_FOUND = refusal("`userId` is not the signed-in reader's own id (PROFILE.NOT_FOUND)", 404, 'PROFILE.NOT_FOUND', 'no such reader');

export const BAD_PROFILE = refusal(
  'Unknown field, bad format, conflicting aliases, metadata limits',
  400,
  'PROFILE.BAD_PHONE',
  'phone must be a phone number: digits, spaces, ()- and an optional leading +',
  { field: 'phone' },
);

export const SUPPORT_READER_NOT_FOUND = refusal(
  'The reader is not known to the vendor (SUPPORT.READER_NOT_FOUND)',
  404,
  'SUPPORT.READER_NOT_FOUND',
  'the signed-in reader is not known to the vendor',
);

export const BAD_FULFILLMENT_SKU = (description: string) =>
  refusal(description, 400, 'FULFILLMENT.BAD_SKU', 'sku must be 1 to 128 letters, digits or _.:-');

export const FULFILLMENT_NOT_ENTITLED = refusal(
  'The reader holds no live entitlement for the product (FULFILLMENT.NOT_ENTITLED)',
  403,
  'FULFILLMENT.NOT_ENTITLED',
  'the reader holds no live entitlement for this product',
  { sku: SKU },
);

export const PRODUCT_NOT_FOUND = (description: string) => refusal(description, 404, 'PRODUCT.NOT_FOUND', `no product ${SKU}`, { sku: SKU });

export const FULFILLMENT_NOT_FOUND = refusal(
  "No such fulfillment of this reader with this sku (another reader's included)",
  404,
  'FULFILLMENT.NOT_FOUND',
  'no such fulfillment for this reader and sku',
  { id: FULFILLMENT_ID },
);

export const FULFILLMENT_NOT_DELIVERABLE = refusal(
  'Already shipped, delivered or canceled; no address on the profile',
  409,
  'FULFILLMENT.NOT_DELIVERABLE',
  'the fulfillment is SHIPPED; delivery can no longer be requested',
  { id: FULFILLMENT_ID, status: 'SHIPPED' },
);

export const FULFILLMENT_NO_SUCH_USER = refusal('A user is not a user of the vendor', 404, 'FULFILLMENT.NO_SUCH_USER', 'no such user for the vendor', {
  userId: '0195a3c2-7d10-7b4e-9a21-5c0f3e8d2b61',
});

export const BAD_POOL_ID = (description: string) =>
  refusal(description, 400, 'LICENSE.BAD_POOL_ID', 'poolId is 1 to 128 letters, digits, underscores or hyphens');

export const POOL_NOT_FOUND = (description: string) =>
  refusal(description, 404, 'LICENSE.POOL_NOT_FOUND', 'no such license pool', { poolId: LICENSE_POOL_ID });

export const LICENSE_NOT_ENTITLED = refusal(
  "No active entitlement for the pool's sku (LICENSE.NOT_ENTITLED)",
  403,
  'LICENSE.NOT_ENTITLED',
  'claiming a key of this pool needs an active entitlement for its sku',
  { poolId: LICENSE_POOL_ID, sku: SKU },
);

export const POOL_EXHAUSTED = refusal('No key left to hand out (LICENSE.POOL_EXHAUSTED)', 409, 'LICENSE.POOL_EXHAUSTED', 'the pool has no key left to hand out', {
  poolId: LICENSE_POOL_ID,
});

export const POOL_EXISTS = refusal('A pool with this id exists (LICENSE.POOL_EXISTS)', 409, 'LICENSE.POOL_EXISTS', 'a license pool with this id exists', {
  poolId: LICENSE_POOL_ID,
});

export const LICENSE_PRODUCT_NOT_FOUND = refusal(
  'The vendor has no product with this sku (LICENSE.PRODUCT_NOT_FOUND)',
  404,
  'LICENSE.PRODUCT_NOT_FOUND',
  'the vendor has no product with this sku',
  { sku: SKU },
);

export const LACKS_SCOPE = (scope: string) =>
  refusal(`Token lacks ${scope}`, 403, 'AUTH.INSUFFICIENT_SCOPE', `this call needs the scope ${scope}`, { scope });

export const INVALID_BODY = (description: string, field: string, message: string) => invalidField(description, field, message);

export const FULFILLMENT_TOO_MANY = (limit: number) =>
  refusal(`The reader holds ${limit} fulfillments of the product already (FULFILLMENT.TOO_MANY)`, 409, 'FULFILLMENT.TOO_MANY', `a reader holds at most ${limit} fulfillments of one product`, {
    limit,
  });

export const LICENSE_KEY_TWICE = refusal('Invalid body; a key twice in the batch', 400, 'LICENSE.BAD_KEYS', 'the same key appears twice in the batch', { index: 3 });
