/**
 * Worked examples of the paywall routes for the OpenAPI document (the linter
 * checks each against its schema). One paywall and one strategy throughout.
 */
export const VENDOR_ID = '0190a4c0-0a0b-7c0d-8e0f-101112131415';
export const PAYWALL_ID = '0190a4c8-6c7d-7e8f-9091-a2b3c4d5e6f7';
export const STRATEGY_ID = '0190a4c9-7d8e-7f90-a1b2-c3d4e5f60718';

export const PAYWALL_EXAMPLE = {
  id: PAYWALL_ID,
  vendorId: VENDOR_ID,
  currency: 'SEK',
  version: 3,
  settings: {
    template: 'BOXES',
    useDefaultLogo: false,
    useDefaultCurrency: true,
    useDefaultColor: false,
    styling: { dropShadow: true, backgroundColor: '#ffffff', showBackground: true },
    displayOptions: { enableGift: true, enableCompany: false, enableLoginButton: true },
    loginFields: { name: false },
    leaky: { enabled: true, count: 3, periodInHours: 168 },
    redirectUrl: 'https://daily.example.com/welcome',
  },
  showLoginButton: true,
  subscriptions: [
    {
      id: 'digital-monthly',
      sku: 'daily-digital',
      poId: 'monthly',
      title: 'Digital',
      description: '<p>Every article, on the web and in the app.</p>',
      price: 99,
      discountPrice: 1,
      discountCode: 'FIRSTMONTH',
      periodText: 'per month',
      comparePeriodText: '1 kr the first month',
      tag: 'Most popular',
      selected: true,
      features: [['Every article'], ['The app']],
      buttonText: 'Subscribe',
      readMoreLink: 'https://daily.example.com/subscribe',
      readMoreText: 'Compare the offers',
      preferBusiness: false,
      redirectUrl: '',
      url: '',
    },
  ],
  subscriptionsUrl: 'https://daily.example.com/subscribe',
  mainColor: '#0b3d91',
  headline: 'Keep reading The Daily',
  description: '<p>You have read your free articles this week.</p>',
  logoUrl: 'https://cdn.example.com/logos/daily.svg',
  features: [['Cancel any time'], ['No ads for subscribers']],
  footerPaymentMethods: [['card', 'swish']],
  singlePurchase: { enabled: false, title: '', description: '', discountCode: '' },
};

export const PAYWALL_ADMIN_EXAMPLE = {
  ...PAYWALL_EXAMPLE,
  name: 'Metered, weekly',
  status: 'ACTIVE',
  entity: 'daily.example.com',
  createdAt: '2026-02-10T12:00:00.000Z',
  modifiedAt: '2026-03-05T15:42:10.000Z',
  previewUrl: 'https://daily.example.com/2026/03/harbour-reopens',
};

export const CREATE_PAYWALL_EXAMPLE = {
  name: 'Metered, weekly',
  entity: 'daily.example.com',
  currency: 'SEK',
  settings: { leaky: { enabled: true, count: 3, periodInHours: 168 } },
  subscriptions: [{ id: 'digital-monthly', sku: 'daily-digital', poId: 'monthly', title: 'Digital', price: 99, periodText: 'per month', selected: true }],
  headline: 'Keep reading The Daily',
  mainColor: '#0b3d91',
};

export const CHANGE_PAYWALL_EXAMPLE = { headline: 'Keep reading The Daily', settings: { leaky: { count: 3 } } };

export const ACCESS_REQUEST_EXAMPLE = {
  publisherContentId: 'article-20260315-harbour',
  url: 'https://daily.example.com/2026/03/harbour-reopens',
};

export const ACCESS_ALLOWED_EXAMPLE = {
  status: 'allowed',
  signedLink:
    'https://daily.example.com/2026/03/harbour-reopens?service_token=eyJhbGciOiJFUzI1NiIsImtpZCI6InNpZy0yMDI2LTAzIn0.eyJ0aWVyIjoicHJlbWl1bSJ9.c2lnbmF0dXJl',
  remaining: 2,
  renewsAt: null,
};

export const CHECK_EXAMPLE = { status: 'allowed', remaining: 2, paywall: PAYWALL_EXAMPLE, renewsAt: null };

const FLOW = {
  formatVersion: 1,
  start: 'is-mobile',
  fallback: 'default',
  nodes: [
    { id: 'is-mobile', type: 'condition', label: 'Phone or tablet?', condition: { field: 'device.type', operator: 'in', value: ['mobile', 'tablet'] } },
    { id: 'mobile', type: 'paywall', label: 'Mobile', paywallId: PAYWALL_ID },
    { id: 'default', type: 'paywall', label: 'Everyone else', paywallId: PAYWALL_ID },
  ],
  edges: [
    { id: 'e1', from: 'is-mobile', to: 'mobile', branch: 'true' },
    { id: 'e2', from: 'is-mobile', to: 'default', branch: 'false' },
  ],
};

export const CREATE_STRATEGY_EXAMPLE = { name: 'Mobile first', target: 'articles', flow: FLOW };

export const STRATEGY_EXAMPLE = {
  id: STRATEGY_ID,
  vendorId: VENDOR_ID,
  name: 'Mobile first',
  target: 'articles',
  status: 'ACTIVE',
  version: 1,
  fingerprint: 'sha256:4f1c0e7d3b9a2c5e8f6d1a0b7c3e9f2d5a8b1c4e7f0a3d6b9c2e5f8a1b4d7e0c',
  flow: FLOW,
  createdAt: '2026-03-05T15:50:00.000Z',
  modifiedAt: '2026-03-05T15:50:00.000Z',
};

export const EXECUTE_REQUEST_EXAMPLE = {
  attribution: { source: 'newsletter', medium: 'email', campaign: 'march', referrer: 'https://mail.example.com/' },
  content: { contentId: 'article-20260315-harbour', title: 'The harbour reopens', type: 'article', price: 19, currency: 'SEK', publisherId: 'daily' },
};

export const EXECUTE_EXAMPLE = {
  paywallId: PAYWALL_ID,
  matchedNode: { id: 'mobile', type: 'paywall', label: 'Mobile' },
  paywall: PAYWALL_EXAMPLE,
  debug: {
    requesterObject: {
      'device.type': 'mobile',
      'geo.country': 'SE',
      'referral.source': 'newsletter',
      'user.signedIn': false,
      'reads.daily': 1,
      'reads.weekly': 2,
      'content.id': 'article-20260315-harbour',
    },
    flow: { id: STRATEGY_ID, name: 'Mobile first', target: 'articles', fingerprint: STRATEGY_EXAMPLE.fingerprint },
    cache: { flowHit: true, paywallHit: true },
    timing: { totalMs: 1.842, flowFetchAndEvaluationMs: 1.21, paywallFetchMs: 0.632 },
    trace: { path: ['is-mobile', 'mobile'], edgesTaken: ['e1'], usedFallback: false, fallbackReason: '' },
  },
};

export const LINK_TIERS_EXAMPLE = { metered: 'metered', entitled: 'premium' };

export const PAYWALL_VERSION_SUMMARY_EXAMPLES = [
  { version: 3, name: PAYWALL_ADMIN_EXAMPLE.name, status: 'ACTIVE', savedAt: PAYWALL_ADMIN_EXAMPLE.modifiedAt, savedBy: { kind: 'STAFF', id: '0190a4c7-5b6c-7d7e-8f90-a1b2c3d4e5f6' } },
  { version: 2, name: PAYWALL_ADMIN_EXAMPLE.name, status: 'ACTIVE', savedAt: '2026-03-01T08:30:00.000Z', savedBy: { kind: 'API_KEY', id: 'apikey_3f9a1c2b7d4e5f60' } },
];

export const PAYWALL_VERSION_EXAMPLE = { ...PAYWALL_VERSION_SUMMARY_EXAMPLES[0], paywall: PAYWALL_ADMIN_EXAMPLE };

export const STRATEGY_VERSION_SUMMARY_EXAMPLES = [
  { version: 2, name: 'Mobile first, spring', status: 'ACTIVE', fingerprint: STRATEGY_EXAMPLE.fingerprint, savedAt: '2026-03-06T09:20:00.000Z', savedBy: { kind: 'STAFF', id: '0190a4c7-5b6c-7d7e-8f90-a1b2c3d4e5f6' } },
  { version: 1, name: 'Mobile first', status: 'ACTIVE', fingerprint: STRATEGY_EXAMPLE.fingerprint, savedAt: '2026-03-05T15:50:00.000Z', savedBy: null },
];

export const STRATEGY_VERSION_EXAMPLE = { ...STRATEGY_VERSION_SUMMARY_EXAMPLES[1], strategy: STRATEGY_EXAMPLE };
