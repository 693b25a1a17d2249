/**
 * Worked examples of the checkout routes for the OpenAPI document (the linter
 * checks each against its schema). One checkout throughout.
 */
export const VENDOR_ID = '0190a4c0-0a0b-7c0d-8e0f-101112131415';
export const READER_ID = '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112';
export const CHECKOUT_ID = '0190a4cc-a0b1-7c23-94e5-f60718293a4b';
/** The hosted page's link token (an HMAC of vendor and checkout id). */
export const PAGE_TOKEN = 'q3N5dXqI0mJ1c2VaYl9GdlRrWjdoS2Fs';
/** The gift page's own token, mailed to the recipient. */
export const GIFT_TOKEN = 'Zm9yIEFsdmEgZnJvbSBUaGUgRGFpbHkx';
export const CHECKOUT_PATH = `/checkout/${VENDOR_ID}/${CHECKOUT_ID}`;

export const CREATE_CHECKOUT_EXAMPLE = {
  items: [{ sku: 'daily-digital', purchaseOptionId: 'monthly', price: 99, currency: 'SEK' }],
  email: 'reader@example.com',
  country: 'SE',
  language: 'sv',
  redirectUrl: 'https://daily.example.com/welcome',
  attribution: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'march', publisherContentId: 'article-20260315-harbour' },
  requestedDiscountCodes: ['FIRSTMONTH'],
  metadata: { placement: 'paywall-article' },
};

export const CHECKOUT_EXAMPLE = {
  id: CHECKOUT_ID,
  checkoutUrl: `https://kiosk.example.com${CHECKOUT_PATH}?t=${PAGE_TOKEN}`,
  status: 'PENDING',
  type: 'RECURRING',
  items: [{ sku: 'daily-digital', url: null, purchaseOptionId: 'monthly', price: 99, currency: 'SEK', geoRestrictions: null }],
  address: null,
  businessAddress: null,
  email: 'reader@example.com',
  givenName: null,
  familyName: null,
  birthDate: null,
  phoneNumber: null,
  country: 'SE',
  referralEmail: null,
  language: 'sv',
  redirectUrl: 'https://daily.example.com/welcome',
  currency: 'SEK',
  anonymousUserId: null,
  companyName: null,
  vatNumber: null,
  isBusiness: false,
  giftMode: false,
  requireAddress: false,
  price: 1,
  tax: {
    net: 0.94,
    vat: 0.06,
    gross: 1,
    rate: 6,
    rates: [{ rate: 6, category: 'S', net: 0.94, vat: 0.06 }],
    country: 'SE',
    reverseCharge: false,
    taxIncluded: true,
  },
  attribution: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'march', publisherContentId: 'article-20260315-harbour' },
  paymentData: null,
  paymentMethodsFilter: null,
  fieldSettings: {
    name: { enabled: true, required: false },
    phone: { enabled: false, required: false },
    birthdate: { enabled: false, required: false },
    referral: { enabled: false },
  },
  metadata: { placement: 'paywall-article' },
  itemsOwned: [],
  appliedDiscountCodes: [
    { name: 'First month for 1 kr', id: '0190a4c4-6071-7b82-8c93-a4b5c6d7e8f9', code: 'FIRSTMONTH', description: 'The first month for 1 kr', status: 'APPLIED' },
  ],
  availablePaymentMethods: [{ provider: 'embedded', methods: ['card'] }],
  payer: null,
  createdAt: '2026-03-15T07:42:00.000Z',
  updatedAt: '2026-03-15T07:42:00.000Z',
  expiresAt: '2026-03-16T07:42:00.000Z',
  contractIds: [],
};

export const UPDATE_CHECKOUT_EXAMPLE = {
  givenName: 'Alva',
  familyName: 'Berg',
  paymentData: { provider: 'embedded', method: 'card' },
};

export const UPDATED_CHECKOUT_EXAMPLE = {
  ...CHECKOUT_EXAMPLE,
  givenName: 'Alva',
  familyName: 'Berg',
  paymentData: { provider: 'embedded', method: 'card' },
  updatedAt: '2026-03-15T07:43:10.000Z',
};

export const CHECKOUT_SETTINGS_EXAMPLE = {
  allowedMethods: [
    { provider: 'embedded', methods: ['card'] },
    { provider: 'invoice', methods: ['invoice'] },
  ],
  lifetimeHours: 24,
  businessEnabled: true,
  giftEnabled: true,
  invoiceForBusiness: true,
  termsUrl: 'https://daily.example.com/terms',
  privacyUrl: 'https://daily.example.com/privacy',
  defaultLanguage: 'sv',
  color: '#0b3d91',
};

export const CHANGE_CHECKOUT_SETTINGS_EXAMPLE = { invoiceForBusiness: true, termsUrl: 'https://daily.example.com/terms', privacyUrl: 'https://daily.example.com/privacy', defaultLanguage: 'sv', color: '#0b3d91' };

/** Shortened: the hosted pages are whole HTML documents in the vendor's colours. */
const page = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · The Daily</title></head><body><main>${main}</main></body></html>`;

export const CHECKOUT_PAGE_EXAMPLE = page(
  'Checkout',
  '<h1>The Daily Digital</h1><p>99,00 kr per month, 1,00 kr the first month</p><form method="post" action="…/pay?t=…">…</form>',
);
export const CONFIRM_PAGE_EXAMPLE = page(
  'Confirm your payment',
  '<h1>Confirm your payment</h1><p>Your card asks for one more step.</p><form method="post" action="…/confirm?t=…"><button name="decision" value="approve">Confirm</button><button name="decision" value="cancel">Cancel</button></form>',
);
export const GIFT_PAGE_EXAMPLE = page(
  'A gift for you',
  '<h1>A gift for you</h1><p>Alva Berg gave you The Daily Digital.</p><a href="https://daily.example.com">Start reading</a>',
);
export const RECEIPT_PAGE_EXAMPLE = page(
  'Receipt',
  '<h1>Thank you</h1><p>The Daily Digital, 1,00 kr paid by card.</p><a href="https://daily.example.com/welcome?checkoutId=…">Continue to The Daily</a>',
);

export const PAY_FORM_EXAMPLE = {
  buyerEmail: 'reader@example.com',
  givenName: 'Alva',
  familyName: 'Berg',
  payment: 'embedded:card',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/29',
  cvc: '123',
};
