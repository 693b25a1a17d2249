/**
 * Worked examples of the catalog routes for the OpenAPI document (the linter
 * checks each against its schema). The product is the one the contracts
 * examples sell.
 */
export const VENDOR_ID = '0190a4c0-0a0b-7c0d-8e0f-101112131415';

export const PRODUCT_EXAMPLE = {
  sku: 'daily-digital',
  title: 'The Daily Digital',
  productType: 'publication',
  cover: 'https://cdn.example.com/covers/daily-digital.png',
  language: 'sv',
  publisherContentId: null,
  taxCategory: 'news',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};

export const CREATE_PRODUCT_EXAMPLE = {
  sku: 'daily-digital',
  title: 'The Daily Digital',
  productType: 'publication',
  cover: 'https://cdn.example.com/covers/daily-digital.png',
  language: 'sv',
  taxCategory: 'news',
};

export const UPDATE_PRODUCT_EXAMPLE = { title: 'The Daily Digital+', cover: 'https://cdn.example.com/covers/daily-digital-plus.png' };

export const UPDATED_PRODUCT_EXAMPLE = {
  ...PRODUCT_EXAMPLE,
  ...UPDATE_PRODUCT_EXAMPLE,
  updatedAt: '2026-03-10T14:20:00.000Z',
};

export const CREATE_PURCHASE_OPTION_EXAMPLE = {
  id: 'monthly',
  name: 'Monthly',
  price: 99,
  currency: 'SEK',
  taxIncluded: true,
  recurring: { interval: 'MONTH', time: 1 },
};

export const PURCHASE_OPTION_EXAMPLE = {
  id: 'monthly',
  sku: 'daily-digital',
  name: 'Monthly',
  price: 99,
  currency: 'SEK',
  taxIncluded: true,
  recurring: { interval: 'MONTH', time: 1 },
  seatsPerUnit: 1,
  minQuantity: 1,
  maxQuantity: 10_000,
  createdAt: '2026-02-01T10:05:00.000Z',
};

export const YEARLY_PURCHASE_OPTION_EXAMPLE = {
  ...PURCHASE_OPTION_EXAMPLE,
  id: 'yearly',
  name: 'Yearly',
  price: 990,
  recurring: { interval: 'YEAR', time: 1 },
  createdAt: '2026-02-01T10:06:00.000Z',
};

export const VENDOR_EXAMPLE = { id: VENDOR_ID, name: 'The Daily', logo: 'https://cdn.example.com/logos/daily.svg' };
