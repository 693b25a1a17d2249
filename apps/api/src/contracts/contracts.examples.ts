/**
 * Worked examples of the contracts routes for the OpenAPI document (the
 * linter checks each against its schema: `no-invalid-media-type-examples`).
 */
export const CONTRACT_ID = '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a';

export const CONTRACT_EXAMPLE = {
  id: CONTRACT_ID,
  name: 'The Daily Digital, monthly',
  userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  payer: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  confirmedAt: '2026-03-01T09:30:02.000Z',
  updatedAt: '2026-03-01T09:30:02.000Z',
  price: 99,
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
      productType: 'SUBSCRIPTION',
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
  origin: { type: 'API', id: 'apikey_3f9a1c0d2b' },
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
