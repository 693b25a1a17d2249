/**
 * Worked examples of the contracts routes for the OpenAPI document (the
 * linter checks each against its schema: `no-invalid-media-type-examples`).
 */
export const VENDOR_ID = '0190a4c0-0a0b-7c0d-8e0f-101112131415';
export const READER_ID = '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112';
export const CONTRACT_ID = '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a';
export const TEAM_CONTRACT_ID = '0190a4c2-8c8f-7e3b-8d2f-2a3b4c5d6e7f';
export const AMENDMENT_ID = '0190a4c3-1d2e-7f40-9a5b-6c7d8e9f0a1b';
export const SEAT_USER_ID = '0190a4c1-22bb-7ccc-8ddd-1e1f20212223';

export const CONTRACT_EXAMPLE = {
  id: CONTRACT_ID,
  name: 'The Daily Digital, monthly',
  userId: READER_ID,
  payer: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  confirmedAt: '2026-03-01T09:30:02.000Z',
  updatedAt: '2026-03-01T09:30:02.000Z',
  price: 99,
  tax: {
    net: 93.4,
    vat: 5.6,
    gross: 99,
    rate: 6,
    rates: [{ rate: 6, category: 'S', net: 93.4, vat: 5.6 }],
    country: 'SE',
    reverseCharge: false,
    taxIncluded: true,
  },
  nextBillAt: '2026-04-01T09:30:02.000Z',
  nextPrice: 99,
  currency: 'SEK',
  manageUrl: `https://kiosk.example.com/contracts/${CONTRACT_ID}`,
  contractDuration: 'RECURRING',
  issuesRemaining: null,
  items: [
    {
      sku: 'daily-digital',
      purchaseOptionId: 'monthly',
      purchaseOptionName: 'Monthly',
      name: 'The Daily Digital',
      cover: null,
      productType: 'publication',
      purchaseType: 'RECURRING',
      isMultiseat: false,
      quantity: 1,
      seats: 1,
    },
  ],
  status: 'ACTIVE',
  isActive: true,
  recurringInterval: 'MONTH',
  recurringTime: 1,
  willCancelAt: null,
  cancelRequestedAt: null,
  expiresAt: null,
  cancelReason: null,
  origin: { type: 'MANUAL', id: VENDOR_ID },
  paymentData: { method: 'INVOICE', description: 'Invoice', brand: 'INVOICE_PROVIDER', walletType: 'NONE' },
  appliedDiscounts: [],
  discount: null,
};

export const PENDING_CONTRACT_EXAMPLE = { ...CONTRACT_EXAMPLE, status: 'PENDING', isActive: false, confirmedAt: null, nextBillAt: null };

export const CREATE_CONTRACT_EXAMPLE = {
  sku: 'daily-digital',
  purchaseOptionId: 'monthly',
  contractType: 'PERSONAL',
  user: { email: 'reader@example.com', firstName: 'Alva', lastName: 'Berg' },
  payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'SE' },
  confirm: true,
};

export const PAYMENT_ISSUE_EXAMPLE = {
  contractId: CONTRACT_ID,
  createdAt: '2026-04-15T09:30:02.000Z',
  updatedAt: '2026-04-15T09:30:02.000Z',
  nextPaymentAt: '2026-04-01T09:30:02.000Z',
  manageUrl: `https://kiosk.example.com/contracts/${CONTRACT_ID}`,
  status: 'OVERDUE',
};

export const CANCEL_EXAMPLE = { reason: 'TOO_EXPENSIVE', comment: 'I read too little to keep it.' };

/** A vendor's cancel of a monthly subscription: it runs to the end of its paid period. */
export const MANAGEMENT_CANCEL_EXAMPLE = { reason: 'CUSTOMER_REQUEST', comment: 'Asked by phone on 15 March.' };

export const CANCEL_REQUESTED_CONTRACT_EXAMPLE = {
  ...CONTRACT_EXAMPLE,
  updatedAt: '2026-03-15T10:00:00.000Z',
  nextBillAt: null,
  nextPrice: null,
  willCancelAt: '2026-04-01T09:30:02.000Z',
  cancelRequestedAt: '2026-03-15T10:00:00.000Z',
  expiresAt: '2026-04-01T09:30:02.000Z',
  cancelReason: 'CUSTOMER_REQUEST',
};

export const SUBSCRIPTION_EXAMPLE = {
  id: CONTRACT_ID,
  currency: 'SEK',
  cancelAt: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  status: 'ACTIVE',
  product: {
    name: 'The Daily Digital',
    description: 'Every article of The Daily, on the web and in the app.',
    image: 'https://cdn.example.com/covers/daily-digital.png',
    optionId: 'monthly',
    sku: 'daily-digital',
  },
  totalIssues: null,
  remainingIssues: null,
  price: 99,
  nextPrice: 99,
  nextPaymentAt: '2026-04-01T09:30:02.000Z',
  hasAccess: true,
  manageUrl: `https://kiosk.example.com/contracts/${CONTRACT_ID}`,
  userId: READER_ID,
};

export const UPGRADE_OPTION_EXAMPLE = {
  itemId: 'daily-digital',
  sku: 'daily-digital',
  purchaseOptionId: 'monthly',
  paths: [
    {
      type: 'UPGRADE',
      sku: 'daily-digital',
      purchaseOptionId: 'monthly-plus',
      title: 'The Daily Digital Plus',
      cover: null,
      description: 'Everything in Digital, plus the e-paper and the archive.',
      features: ['E-paper every morning', 'The archive since 1998'],
      price: 149,
      currency: 'SEK',
    },
  ],
};

export const CREATE_AMENDMENT_EXAMPLE = { type: 'UPGRADE', purchaseOptionId: 'monthly-plus' };

export const AMENDMENT_EXAMPLE = {
  id: AMENDMENT_ID,
  contractId: CONTRACT_ID,
  status: 'PENDING',
  amendmentType: 'UPGRADE',
  purchaseOptionId: 'monthly-plus',
  appliedDiscounts: [],
  nextBill: { total: 32.26, currency: 'SEK', date: '2026-03-20T10:00:00.000Z' },
};

/** A team license: ten seats on one bill. */
export const TEAM_CONTRACT_EXAMPLE = {
  ...CONTRACT_EXAMPLE,
  id: TEAM_CONTRACT_ID,
  name: 'The Daily Digital for teams, yearly',
  price: 9990,
  tax: { ...CONTRACT_EXAMPLE.tax, net: 9424.53, vat: 565.47, gross: 9990, rates: [{ rate: 6, category: 'S', net: 9424.53, vat: 565.47 }] },
  nextPrice: 9990,
  manageUrl: `https://kiosk.example.com/contracts/${TEAM_CONTRACT_ID}`,
  nextBillAt: '2027-03-01T09:30:02.000Z',
  recurringInterval: 'YEAR',
  items: [
    {
      sku: 'daily-digital-multi',
      purchaseOptionId: 'team-yearly',
      purchaseOptionName: 'Team, yearly',
      name: 'The Daily Digital for teams',
      cover: null,
      productType: 'license',
      purchaseType: 'RECURRING',
      isMultiseat: true,
      quantity: 1,
      seats: 12,
    },
  ],
};

export const SET_SEATS_EXAMPLE = { seats: 12, sku: 'daily-digital-multi' };

export const ASSIGN_SEAT_EXAMPLE = { email: 'colleague@example.com', sku: 'daily-digital' };

export const SEAT_USER_EXAMPLES = [
  { userId: READER_ID, sku: 'daily-digital', status: 'ACTIVE', entitlementId: '0190a4c5-3e4f-7a50-8b6c-7d8e9fa0b1c2', email: 'reader@example.com', fullName: 'Alva Berg' },
  { userId: SEAT_USER_ID, sku: 'daily-digital', status: 'PENDING', entitlementId: null, email: 'colleague@example.com', fullName: null },
];

export const LICENSE_EXAMPLE = {
  sku: 'daily-digital-multi',
  contentSku: 'daily-digital',
  purchaseOptionId: 'team-yearly',
  seats: 12,
  seatsTaken: 2,
  seatUsers: SEAT_USER_EXAMPLES,
};

export const CREATE_DISCOUNT_CODE_EXAMPLE = {
  code: 'SPRING25',
  name: 'Spring offer',
  description: '25 % off the first three months',
  value: { percentage: 25 },
  bills: 3,
  validUntil: '2026-05-31T23:59:59.000Z',
  purchaseOptionIds: ['monthly'],
  maxRedemptions: 1000,
};

export const DISCOUNT_CODE_EXAMPLE = {
  id: '0190a4c4-5f60-7a71-8b82-93a4b5c6d7e8',
  code: 'SPRING25',
  name: 'Spring offer',
  description: '25 % off the first three months',
  percentage: 25,
  amount: null,
  currency: null,
  bills: 3,
  until: null,
  validFrom: null,
  validUntil: '2026-05-31T23:59:59.000Z',
  purchaseOptionIds: ['monthly'],
  maxRedemptions: 1000,
  redemptions: 42,
};
