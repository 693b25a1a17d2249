/**
 * Worked examples of the engagement routes for the OpenAPI document (the
 * linter checks each against its schema).
 */
export const PROFILE_EXAMPLE = {
  userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  sub: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  email: 'reader@example.com',
  emailVerified: true,
  firstName: 'Alva',
  lastName: 'Berg',
  given_name: 'Alva',
  family_name: 'Berg',
  name: 'Alva Berg',
  nickname: null,
  locale: 'sv-SE',
  picture: null,
  mobilePhone: '+46701234567',
  phone_number: '+46701234567',
  workPhone: null,
  homePhone: null,
  tags: ['sports'],
  user_metadata: { newsletter: 'weekly' },
  billingAddress: { country: 'SE', zip: '11122', city: 'Stockholm', street: 'Drottninggatan 1', co: null, firstName: 'Alva', lastName: 'Berg' },
  deliveryAddress: null,
  companyInfo: null,
  company: null,
  createdAt: '2026-03-01T09:29:40.000Z',
  updatedAt: '2026-03-02T18:05:11.000Z',
};

export const PROFILE_PATCH_EXAMPLE = { nickname: 'alva', user_metadata: { newsletter: null, section: 'culture' } };

export const FULFILLMENT_ID = 'daily-print-2026-w11';

export const FULFILLMENT_EXAMPLE = {
  id: FULFILLMENT_ID,
  numericId: 1042,
  status: 'PENDING',
  sku: 'daily-print-weekend',
  title: 'The Daily, weekend edition 14 March 2026',
  cover: 'https://cdn.example.com/covers/daily-2026-03-14.jpg',
  deliveryProvider: 'postnord',
  itemId: 'issue-2026-03-14',
  copies: 1,
  deliversAt: '2026-03-14T06:00:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
};

export const LOAD_FULFILLMENTS_EXAMPLE = {
  fulfillments: [
    {
      id: FULFILLMENT_ID,
      userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
      sku: 'daily-print-weekend',
      title: 'The Daily, weekend edition 14 March 2026',
      cover: 'https://cdn.example.com/covers/daily-2026-03-14.jpg',
      deliveryProvider: 'postnord',
      itemId: 'issue-2026-03-14',
      deliversAt: '2026-03-14T06:00:00.000Z',
    },
  ],
};

export const MANAGED_FULFILLMENT_EXAMPLE = {
  ...FULFILLMENT_EXAMPLE,
  userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  deliveryRequestedAt: null,
};

export const LICENSE_POOL_ID = 'crossword-app-keys';

export const LICENSE_KEY_EXAMPLE = {
  key: 'XW-7F3K-92QD-L0PA',
  poolId: LICENSE_POOL_ID,
  claimedAt: '2026-03-03T19:22:05.000Z',
  expiresAt: '2027-03-03T19:22:05.000Z',
  status: 'active',
};

export const CREATE_LICENSE_POOL_EXAMPLE = { id: LICENSE_POOL_ID, sku: 'daily-digital', validitySeconds: 31_536_000 };

export const LICENSE_POOL_EXAMPLE = {
  id: LICENSE_POOL_ID,
  sku: 'daily-digital',
  validitySeconds: 31_536_000,
  createdAt: '2026-02-20T08:00:00.000Z',
  stock: { total: 500, available: 457, claimed: 43, active: 41, unusable: 0 },
};

export const LOAD_LICENSE_KEYS_EXAMPLE = {
  keys: [{ key: 'XW-7F3K-92QD-L0PA' }, { key: 'XW-Q81M-4ZTR-B6EE', expiresAt: '2027-12-31T23:59:59.000Z' }],
};

export const LOAD_LICENSE_KEYS_RESULT_EXAMPLE = {
  loaded: 2,
  skipped: 0,
  stock: { total: 502, available: 459, claimed: 43, active: 41, unusable: 0 },
};

export const TALLY_ID = 'read-articles';

export const TALLY_VALUES_EXAMPLE = ['article-20260314-budget', 'article-20260315-harbour'];

export const TALLY_VALUE_EXAMPLE = {
  value: 'article-20260315-harbour',
  policies: { ttl: 604_800, maxItems: 50, unique: true, overflow: 'fifo', ipSessionSharing: false },
};

export const TALLY_EXAMPLE = {
  id: TALLY_ID,
  value: ['article-20260315-harbour'],
  policies: { ttl: 604_800, maxItems: 50, unique: true, overflow: 'fifo', ipSessionSharing: false },
  createdAt: '2026-03-15T07:40:12.000Z',
  updatedAt: '2026-03-15T07:40:12.000Z',
  expiresAt: '2026-03-22T07:40:12.000Z',
};

export const DIAGNOSTICS_EXAMPLE = {
  userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  timestamp: '2026-03-15T07:41:00.000Z',
  pageUrl: 'https://daily.example.com/2026/03/harbour-reopens',
  pageTitle: 'The harbour reopens',
  profile: { email: 'reader@example.com' },
  entitlements: [{ sku: 'daily-digital', hasAccess: true }],
  contracts: [{ id: '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a', status: 'ACTIVE' }],
  tags: ['sports'],
  tallies: { 'read-articles': ['article-20260315-harbour'] },
  browser: {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
    platform: 'iPhone',
    language: 'sv-SE',
    languages: ['sv-SE', 'en'],
    cookiesEnabled: true,
    onLine: true,
    viewportWidth: 390,
    viewportHeight: 844,
    pixelRatio: 3,
    timezoneOffset: -60,
    timezone: 'Europe/Stockholm',
  },
  detection: { adBlockEnabled: false, incognitoMode: false, inAppBrowser: false },
  localStorage: [
    { key: 'daily.consent', value: 'all', redacted: false },
    { key: 'daily.session', value: '', redacted: true },
  ],
  sessionStorage: [],
  sdkVersion: '3.4.1',
  clientId: 'bc_daily_web',
  errors: [],
};

export const DIAGNOSTICS_ANSWER_EXAMPLE = {
  success: true,
  id: '0190a4ca-8e9f-7a01-b2c3-d4e5f6071829',
  timestamp: '2026-03-15T07:41:00.412Z',
};

export const SUPPORT_SESSION_EXAMPLE = {
  token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMTkwYTRjMS0xMWFhLTdiYmItOGNjYy0wZDBlMGYxMDExMTIiLCJ2ZW5kb3JJZCI6IjAxOTBhNGMwLTBhMGItN2MwZC04ZTBmLTEwMTExMjEzMTQxNSIsImVtYWlsIjoicmVhZGVyQGV4YW1wbGUuY29tIiwiaXNzIjoiaHR0cHM6Ly9raW9zay5leGFtcGxlLmNvbSIsImF1ZCI6InVybjpzZXJ2aWNlOnN1cHBvcnQtbWVzc2VuZ2VyIiwiaWF0IjoxNzczNTYwNDYwLCJleHAiOjE3NzM1NjA3NjAsImp0aSI6IjAxOTBhNGNiLTlmYTAtN2IxMi04M2Q0LWU1ZjYwNzE4MjkzYSJ9.' +
    'hDYXuy2T3FRaq9jeZD0ZA6DFFcmDYlh0ITk7TNQGZ5M',
};
