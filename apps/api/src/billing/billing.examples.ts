/**
 * Worked examples of the billing routes for the OpenAPI document (the linter
 * checks each against its schema). Ids are those of the contracts examples.
 */
export const READER_ID = '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112';
export const CONTRACT_ID = '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a';
export const BILL_ID = '0190a4c6-4a5b-7c6d-8e7f-8091a2b3c4d5';
export const TRANSACTION_ID = '0190a4c7-5b6c-7d7e-8f80-91a2b3c4d5e6';

export const BILL_EXAMPLE = {
  id: BILL_ID,
  contractId: CONTRACT_ID,
  items: [{ sku: 'daily-digital', title: 'The Daily Digital', purchaseOptionId: 'monthly' }],
  price: 99,
  currency: 'SEK',
  receiptUrl: null,
  paymentProvider: 'INVOICE_PROVIDER',
  paymentMethod: 'INVOICE',
  status: 'PAID',
  updatedAt: '2026-03-12T08:15:00.000Z',
  createdAt: '2026-03-01T09:30:02.000Z',
};

/** A paid bill as the reader routes show it: with its receipt (a signed link) and the VAT beside the price (docs/invoices.md). */
export const TAXED_BILL_EXAMPLE = {
  ...BILL_EXAMPLE,
  receiptUrl: `https://kiosk.example.com/receipts/acme-news/${BILL_ID}?t=pXw3LZ2b1cVq9Hn0sT4mYd7kR8uJe6aF`,
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
};

export const TRANSACTION_EXAMPLE = {
  id: TRANSACTION_ID,
  amount: 99,
  currency: 'SEK',
  contractId: CONTRACT_ID,
  isRefund: false,
  userId: READER_ID,
  billId: BILL_ID,
  updatedAt: '2026-03-12T08:15:00.000Z',
  createdAt: '2026-03-12T08:15:00.000Z',
};

export const RECORD_PAYMENT_EXAMPLE = { paidAt: '2026-03-12T08:15:00.000Z' };
