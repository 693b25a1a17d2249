/** Worked refusals of the reader access routes (entitlements, auto-onboarding, the content proxy) for the OpenAPI document. */
import { invalidField, refusal } from '../platform/http/problem-examples';
import { ENTITLEMENT_ID } from './access.examples';

const SKU = 'daily-digital';

export const BAD_FILTER = invalidField(
  'A filter is malformed',
  'wait-for-entitlement-after',
  'wait-for-entitlement-after must be a valid ISO 8601 date string',
  'query',
);

export const ENTITLEMENT_NOT_FOUND = refusal('No such entitlement of the reader', 404, 'ENTITLEMENT.NOT_FOUND', `no entitlement ${ENTITLEMENT_ID}`, {
  entitlementId: ENTITLEMENT_ID,
});

export const NO_ACCESS = (description: string) =>
  refusal(description, 403, 'ENTITLEMENT.NO_ACCESS', `no live entitlement gives access to ${SKU}`, { what: SKU });

export const PRODUCT_NOT_FOUND = refusal('No such product', 404, 'PRODUCT.NOT_FOUND', `no product ${SKU}`, { sku: SKU });

export const PROXY_HOST_NOT_ALLOWED = refusal(
  'URL not allowed (scheme, IP literal, host off the allowlist, private address) or bad selector',
  400,
  'PROXY.HOST_NOT_ALLOWED',
  "tracker.example.net is not one of the vendor's registered domains",
  { host: 'tracker.example.net' },
);

export const PROXY_NOT_ENTITLED = refusal('No entitlement for the content', 403, 'PROXY.NOT_ENTITLED', 'no live entitlement gives access to this content');

export const PROXY_NOTHING_SELECTED = refusal('Nothing matches the selector', 404, 'PROXY.NOTHING_SELECTED', 'nothing on the page matches the selector');

export const PROXY_UPSTREAM_STATUS = refusal(
  'The page failed: error status, redirect off the allowlist, too large, not HTML',
  502,
  'PROXY.UPSTREAM_STATUS',
  'the page answered 500',
  { upstreamStatus: 500 },
);

export const PROXY_TIMEOUT = refusal('The page did not answer in time', 504, 'PROXY.TIMEOUT', 'the page did not answer in time');
