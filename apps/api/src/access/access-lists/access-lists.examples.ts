// Worked examples of the access-list, grant and link routes (OpenAPI document).

export const ACCESS_LIST_ID = 'src_0193a1b2c3d47e8f9a0b1c2d3e4f5a6b';
export const GRANT_ID = 'grant_0193a1b2c3d47e8f9a0b1c2d3e4f5a6c';

export const CREATE_ACCESS_LIST_EXAMPLE = {
  name: 'Library partners 2026',
  description: 'Readers of the partner libraries, from their yearly spreadsheet',
  type: 'CSV_FILE',
  status: 'ACTIVE',
  excludeFromStats: true,
};

export const ACCESS_LIST_EXAMPLE = {
  id: ACCESS_LIST_ID,
  ...CREATE_ACCESS_LIST_EXAMPLE,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-01-05T09:00:00.000Z',
};

export const PUT_ACCESS_LIST_EXAMPLE = { name: 'Library partners 2026', type: 'CSV_FILE', status: 'CANCELED' };
export const PUT_ACCESS_LIST_ANSWER = {
  ...ACCESS_LIST_EXAMPLE,
  status: 'CANCELED',
  description: null,
  excludeFromStats: false,
  updatedAt: '2026-02-01T10:00:00.000Z',
};
export const PATCH_ACCESS_LIST_EXAMPLE = { status: 'CANCELED' };
export const PATCH_ACCESS_LIST_ANSWER = { ...ACCESS_LIST_EXAMPLE, status: 'CANCELED', updatedAt: '2026-02-01T10:00:00.000Z' };

export const CREATE_GRANT_EXAMPLE = {
  source: ACCESS_LIST_ID,
  email: 'rita.reader@example.com',
  sku: 'news',
  poId: 'news-yearly',
  status: 'ACTIVE',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2027-01-01T00:00:00.000Z',
  publisherUserId: 'lib-4711',
  firstName: 'Rita',
  lastName: 'Reader',
  notes: 'Central library card',
};

export const GRANT_EXAMPLE = {
  id: GRANT_ID,
  source: ACCESS_LIST_ID,
  email: 'rita.reader@example.com',
  sku: 'news',
  poId: 'news-yearly',
  status: 'ACTIVE',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2027-01-01T00:00:00.000Z',
  userId: '0193a1b2-c3d4-7e8f-9a0b-1c2d3e4f5a70',
  publisherUserId: 'lib-4711',
  publisherPurchaseId: null,
  firstName: 'Rita',
  lastName: 'Reader',
  phone: null,
  deliveryAddress: null,
  billingAddress: null,
  notes: 'Central library card',
  extraFields: {},
  excludeFromStats: false,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-01-05T09:00:00.000Z',
};

export const UPDATE_GRANT_EXAMPLE = { status: 'CANCELED' };
export const UPDATED_GRANT_EXAMPLE = { ...GRANT_EXAMPLE, status: 'CANCELED', updatedAt: '2026-03-01T08:00:00.000Z' };

export const GRANT_CSV_EXAMPLE = [
  'email,sku,poId,startsAt,endsAt,firstName,lastName,publisherUserId,publisherPurchaseId,notes',
  'rita.reader@example.com,news,news-yearly,2026-01-01,2027-01-01,Rita,Reader,lib-4711,,',
  'not-an-address,news,news-yearly,,,,,,,',
].join('\n');

export const GRANT_IMPORT_EXAMPLE = {
  created: 1,
  updated: 0,
  errors: [{ row: 3, field: 'email', code: 'GRANT.BAD_EMAIL', message: 'must be an e-mail address' }],
};

export const CREATE_LINK_EXAMPLE = {
  sku: 'harbour-article',
  expiresAt: '2026-03-08T00:00:00.000Z',
  maxUses: 3,
  url: 'https://daily.example.com/2026/03/harbour-reopens',
};

export const LINK_EXAMPLE = {
  id: 'link_0193a1b2c3d47e8f9a0b1c2d3e4f5a71',
  token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6InNpZy0yMDI2LTAzIn0.eyJ0aWVyIjoicHJlbWl1bSJ9.c2lnbmF0dXJl',
  url: 'https://daily.example.com/2026/03/harbour-reopens?service_token=eyJhbGciOiJFUzI1NiIsImtpZCI6InNpZy0yMDI2LTAzIn0.eyJ0aWVyIjoicHJlbWl1bSJ9.c2lnbmF0dXJl',
  sku: 'harbour-article',
  contentId: 'harbour-reopens',
  tier: 'premium',
  maxUses: 3,
  expiresAt: '2026-03-08T00:00:00.000Z',
  createdAt: '2026-03-01T08:00:00.000Z',
};
