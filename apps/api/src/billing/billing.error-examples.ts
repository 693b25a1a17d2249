/** Worked refusals of the billing routes (bills, invoices, receipts, payments, refunds, settings) for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { BILL_ID, TRANSACTION_ID } from './billing.examples';

/** A bill the caller may not see: another reader's or vendor's is the same 404. */
export const BILL_NOT_FOUND = (description: string) => refusal(description, 404, 'BILL.NOT_FOUND', `no bill ${BILL_ID}`, { billId: BILL_ID });

export const NO_INVOICE = refusal('No such bill for the caller, or the bill has no such document', 404, 'BILL.NO_INVOICE', `bill ${BILL_ID} has no invoice`, {
  billId: BILL_ID,
  kind: 'INVOICE',
});

export const RECEIPT_NOT_FOUND = (description: string) =>
  refusal(description, 404, 'BILL.RECEIPT_NOT_FOUND', `bill ${BILL_ID} has no receipt`, { billId: BILL_ID });

export const BAD_PAYMENT_DATE = refusal('Invalid body; paidAt in the future', 400, 'BILL.BAD_PAYMENT_DATE', 'paidAt cannot be in the future', {
  why: 'cannot be in the future',
});

export const NOT_PAYABLE = refusal('The bill is not OPEN (already paid, void, ...)', 409, 'BILL.NOT_PAYABLE', `bill ${BILL_ID} is PAID; only an OPEN bill can be paid`, {
  billId: BILL_ID,
  status: 'PAID',
});

export const BAD_SETTINGS = refusal('Invalid body or VAT number', 400, 'BILLING.BAD_SETTINGS', 'vatNumber is not a VAT number of valid form for SE', {
  field: 'vatNumber',
});

export const BAD_REFUND_AMOUNT = refusal(
  'Invalid body (amount not positive, more than two decimals)',
  400,
  'TRANSACTION.BAD_REFUND_AMOUNT',
  'amount must be a positive amount with at most two decimals',
  { why: 'must be a positive amount with at most two decimals' },
);

export const TRANSACTION_NOT_FOUND = refusal('No such transaction of the vendor', 404, 'TRANSACTION.NOT_FOUND', `no transaction ${TRANSACTION_ID}`, {
  transactionId: TRANSACTION_ID,
});

export const REFUND_EXCEEDS_REMAINING = refusal(
  'More than is left to refund, or the transaction is itself a refund',
  409,
  'TRANSACTION.REFUND_EXCEEDS_REMAINING',
  `transaction ${TRANSACTION_ID} has 4950 minor units of SEK left to refund; 9900 asked`,
  { transactionId: TRANSACTION_ID, requested: 99, remaining: 49.5, currency: 'SEK' },
);

export const REFUND_NOT_SUPPORTED = refusal(
  'The payment provider would not refund it (`TRANSACTION.REFUND_REFUSED`, its reason in `reason`), or it cannot be refunded ' +
    'here (`TRANSACTION.REFUND_NOT_SUPPORTED`: a payment by invoice, or a stripe payment whose bill does not name its PaymentIntent); ' +
    'nothing was refunded',
  422,
  'TRANSACTION.REFUND_NOT_SUPPORTED',
  'payments taken by INVOICE_PROVIDER cannot be refunded here yet; refund them at INVOICE_PROVIDER',
  { provider: 'INVOICE_PROVIDER' },
);

export const REFUND_PROVIDER_UNAVAILABLE = refusal(
  'The payment provider could not be reached; nothing was refunded, try again',
  503,
  'CHECKOUT.PROVIDER_UNAVAILABLE',
  'the payment provider stripe could not be reached',
  { provider: 'stripe' },
);
