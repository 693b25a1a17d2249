/**
 * Worked examples of the access routes for the OpenAPI document (the linter
 * checks each against its schema). Ids are those of the contracts examples.
 */
export const CONTRACT_ID = '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a';
export const ENTITLEMENT_ID = '0190a4c5-3e4f-7a50-8b6c-7d8e9fa0b1c2';

export const ENTITLEMENT_EXAMPLE = {
  id: ENTITLEMENT_ID,
  sku: 'daily-digital',
  purchaseOption: 'monthly',
  cover: 'https://cdn.example.com/covers/daily-digital.png',
  title: 'The Daily Digital',
  url: 'https://daily.example.com/',
  presentationUrl: null,
  publisherContentId: null,
  token: null,
  type: 'publication',
  origin: { type: 'CONTRACT', id: CONTRACT_ID, listId: null, name: 'The Daily Digital, monthly' },
  hasAccess: true,
  createdAt: '2026-03-01T09:30:03.000Z',
  updatedAt: '2026-03-01T09:30:03.000Z',
  expiresAt: null,
};

/** What auto-onboarding on `daily-digital` grants: the crossword pass the vendor configured. */
export const AUTO_ONBOARDED_EXAMPLE = {
  ...ENTITLEMENT_EXAMPLE,
  id: '0190a4c5-4f50-7b61-8c7d-8e9fa0b1c2d3',
  sku: 'daily-crossword',
  purchaseOption: null,
  cover: null,
  title: 'The Daily Crossword',
  url: null,
  type: 'pass',
  origin: { type: 'AUTO_ONBOARD', id: 'daily-digital', listId: null, name: 'The Daily Crossword' },
  createdAt: '2026-03-02T07:12:40.000Z',
  updatedAt: '2026-03-02T07:12:40.000Z',
};

export const ACCESS_EXAMPLE = {
  id: ENTITLEMENT_ID,
  url: 'https://daily.example.com/feed.rss',
  token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImFjY2Vzcy0yMDI2LTAzIn0.eyJzdWIiOiIwMTkwYTRjMS0xMWFhIiwic2t1IjoiZGFpbHktZGlnaXRhbCJ9.c2lnbmF0dXJl',
  title: 'The Daily Digital',
  filename: 'daily-digital.rss',
  type: 'feed',
};

export const PROXIED_PAGE_EXAMPLE =
  '<article class="story"><h1>The harbour reopens</h1><p>After two years of works the old harbour opened to boats on Monday…</p></article>';

export const AUTO_ONBOARD_RULE_EXAMPLE = { sku: 'daily-digital', grants: ['daily-crossword'] };
