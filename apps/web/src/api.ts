import type { Call } from './http';

/**
 * `window.service`'s resource namespaces: each a thin typed call of a route
 * of interface 4.3 (paths and bodies exactly as written there).
 */
const id = encodeURIComponent;

export function resourceApi(call: Call, visitorCall: Call) {
  return {
    entitlements: {
      list: (query: { type?: string; sku?: string; 'purchase-option-id'?: string; 'wait-for-entitlement-after'?: string } = {}) =>
        call('GET', '/entitlements', { query }),
      get: (entitlementId: string) => call('GET', `/entitlements/${id(entitlementId)}`),
      access: (entitlementId: string) => call('GET', `/entitlements/${id(entitlementId)}/access`),
    },
    contracts: {
      list: () => call('GET', '/contracts'),
      get: (contractId: string) => call('GET', `/contracts/${id(contractId)}`),
      upgradeOptions: (contractId: string) => call('GET', `/contracts/${id(contractId)}/upgrade-options`),
      cancel: (contractId: string, body: { reason: string; comment?: string }) => call('POST', `/contracts/${id(contractId)}/cancel`, { body }),
    },
    amendments: {
      create: (contractId: string, body: { type: string; discountCode?: string }) => call('POST', `/contracts/${id(contractId)}/amendments`, { body }),
      confirm: (contractId: string, amendmentId: string) =>
        call('POST', `/contracts/${id(contractId)}/amendments/${id(amendmentId)}/confirm`),
    },
    bills: { list: () => call('GET', '/bills'), get: (billId: string) => call('GET', `/bills/${id(billId)}`) },
    transactions: { list: (q?: string) => call('GET', '/transactions', { query: { q } }) },
    subscriptions: { list: () => call('GET', '/subscriptions'), get: (subscriptionId: string) => call('GET', `/subscriptions/${id(subscriptionId)}`) },
    checkouts: {
      create: (body: Record<string, unknown>) => visitorCall('POST', '/checkouts', { body }),
      get: (checkoutId: string) => visitorCall('GET', `/checkouts/${id(checkoutId)}`),
      update: (checkoutId: string, body: Record<string, unknown>) => visitorCall('PATCH', `/checkouts/${id(checkoutId)}`, { body }),
    },
    paywalls: {
      get: (paywallId: string) => call('GET', `/paywalls/${id(paywallId)}`),
      access: (paywallId: string, body: { publisherContentId: string; url: string }) => visitorCall('POST', `/paywalls/${id(paywallId)}/access`, { body }),
      check: (paywallId: string, body: { publisherContentId: string; url: string }) =>
        visitorCall('POST', `/paywalls/${id(paywallId)}/access/check`, { body }),
      execute: (strategyId: string, body: Record<string, unknown>, debug = false) =>
        visitorCall('POST', `/paywalls/strategies/${id(strategyId)}/execute`, { body, query: { debug } }),
    },
    products: {
      get: (sku: string) => call('GET', `/products/${id(sku)}`),
      autoOnboard: (sku: string) => call('POST', `/products/${id(sku)}/auto-onboard`),
    },
    profile: {
      get: () => call('GET', '/profile'),
      update: (changes: Record<string, unknown>) => call('PATCH', '/profile', { body: changes }),
      remove: () => call('DELETE', '/profile'),
    },
    tags: {
      list: () => call<string[]>('GET', '/tags'),
      add: (tag: string) => call('POST', '/tags', { text: tag }),
      remove: (tag: string) => call('DELETE', `/tags/${id(tag)}`),
    },
    tallies: {
      list: () => visitorCall('GET', '/tallies'),
      get: (tallyId: string) => visitorCall('GET', `/tallies/${id(tallyId)}`),
      set: (tallyId: string, body: { value: string; policies?: Record<string, unknown> }) => visitorCall('PUT', `/tallies/${id(tallyId)}`, { body }),
      push: (tallyId: string, body: { value: string; policies?: Record<string, unknown> }) =>
        visitorCall('POST', `/tallies/${id(tallyId)}/push`, { body }),
    },
    userMetadata: {
      get: () => call('GET', '/user-metadata'),
      set: (key: string, value: string) => call('PUT', `/user-metadata/${id(key)}`, { text: value }),
      remove: (key: string) => call('DELETE', `/user-metadata/${id(key)}`),
    },
    vendors: { current: () => call('GET', '/vendor'), list: () => call('GET', '/vendors') },
    fulfillments: {
      list: (sku: string) => call('GET', '/fulfillments', { query: { sku } }),
      requestDelivery: (fulfillmentId: string, sku: string) => call('POST', `/fulfillments/${id(fulfillmentId)}/request-delivery`, { body: { sku } }),
    },
    getPaymentIssues: () => call('GET', '/payment-issues'),
    proxy: (url: string, selector?: string) => call<string>('GET', '/proxy', { query: { url, selector } }),
    diagnostics: (record: Record<string, unknown>) => visitorCall('POST', '/diagnostics', { body: record }),
  };
}

export type ResourceApi = ReturnType<typeof resourceApi>;
