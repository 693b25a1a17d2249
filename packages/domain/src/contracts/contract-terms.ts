import { InvalidError } from '../shared';
import { BadAnchorDate, BadInvoiceDetails, PaymentMethodUnavailable } from './errors';
import { addCycles, Recurrence } from './period';
import { ContractSnapshot } from './snapshot';

/** The one payment route the management interface allows (interface 4.1). */
export const INVOICE_PAYMENT = { provider: 'INVOICE_PROVIDER', method: 'INVOICE' } as const;
/** Payment providers and methods a contract may name (interface 4.1: one of each). */
export const PAYMENT_PROVIDERS = [INVOICE_PAYMENT.provider] as const;
export const PAYMENT_METHODS = [INVOICE_PAYMENT.method] as const;
export const DEFAULT_PAYMENT_COUNTRY = 'SE';
export const VENDOR_REFERENCE_MAX_LENGTH = 34;

/** Everything `Contract.create` needs; the use case has resolved products, prices and discounts. */
export type NewContract = Omit<
  ContractSnapshot,
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'confirmedAt'
  | 'periodStart'
  | 'periodEnd'
  | 'cycleAnchor'
  | 'cycle'
  | 'openBills'
  | 'billsIssued'
  | 'seatHolders'
  | 'willCancelAt'
  | 'cancelRequestedAt'
  | 'cancelReason'
  | 'canceledAt'
  | 'overdueSince'
>;

/** A contract's items: at least one, all priced in the contract's currency. */
export function checkContractItems(input: NewContract): void {
  if (input.items.length === 0) throw new InvalidError('CONTRACT.NO_ITEMS', 'a contract needs at least one item');
  const other = input.items.find((i) => i.unitPrice.currency !== input.currency);
  if (other) {
    throw new InvalidError('CONTRACT.MIXED_CURRENCIES', `item ${other.sku} is priced in ${other.unitPrice.currency}`, {
      sku: other.sku,
    });
  }
}

/**
 * The terms a new contract must meet besides its items: the payment route,
 * invoice details and the anchor date. Use cases call it before they create
 * anything else (users), so a bad request leaves nothing behind.
 */
export function checkContractTerms(
  input: Pick<NewContract, 'payment' | 'invoice' | 'anchorDate' | 'recurrence' | 'startsAt'>,
  now: Date,
): void {
  checkPayment(input);
  checkInvoice(input);
  checkAnchor(input.anchorDate, input.recurrence, input.startsAt ?? now);
}

function checkPayment(input: Pick<NewContract, 'payment'>): void {
  const { provider, method, country, reference } = input.payment;
  // A payment a provider already took (a checkout) carries its reference; otherwise only the invoice is offered.
  const paidByProvider = typeof reference === 'string' && reference.length > 0;
  const invoiced = provider === INVOICE_PAYMENT.provider && method === INVOICE_PAYMENT.method;
  if ((!invoiced && !paidByProvider) || !/^[A-Z]{2}$/.test(country)) {
    throw new PaymentMethodUnavailable(provider, method);
  }
}

function checkInvoice(input: Pick<NewContract, 'invoice'>): void {
  const reference = input.invoice.vendorReference;
  if (reference !== null && reference.length > VENDOR_REFERENCE_MAX_LENGTH) {
    throw new BadInvoiceDetails('vendorReference', `must be at most ${VENDOR_REFERENCE_MAX_LENGTH} characters`);
  }
}

/** The anchor aligns a recurring cycle: after the start and no further than one full cycle away. */
function checkAnchor(anchor: Date | null, recurrence: Recurrence | null, start: Date): void {
  if (!anchor) return;
  if (!recurrence) throw new BadAnchorDate('applies to recurring purchases only');
  if (anchor <= start) throw new BadAnchorDate('must be after the start of the contract');
  if (anchor > addCycles(start, recurrence, 1)) throw new BadAnchorDate('must be within one billing cycle of the start');
}
