import { toMajor } from '@kiosk/domain';
import { BillRecord, TaxBreakdown, Transaction } from '@kiosk/domain/billing';
import { TransactionView } from './billing.dto';

export const transactionView = (t: Transaction): TransactionView => ({
  id: t.id,
  amount: toMajor(t.amount),
  currency: t.amount.currency,
  contractId: t.contractId,
  isRefund: t.isRefund,
  userId: t.userId,
  billId: t.billId,
  updatedAt: t.updatedAt.toISOString(),
  createdAt: t.createdAt.toISOString(),
});

const major = (minor: number, currency: string) => toMajor({ minor, currency });

/**
 * The VAT of a price, beside it (docs/invoices.md): net, VAT and gross in
 * major units, the rate in percent (null when the lines have different
 * rates), the market country, whether the buyer is reverse-charged, and
 * whether the stated prices include VAT. `price` stays what the buyer pays.
 */
export function taxView(tax: TaxBreakdown | null, currency: string) {
  if (!tax) return null;
  const rates = [...new Set(tax.lines.map((l) => l.rate))];
  return {
    net: major(tax.net, currency),
    vat: major(tax.tax, currency),
    gross: major(tax.gross, currency),
    rate: rates.length === 1 ? rates[0] / 100 : null,
    rates: tax.totals.map((t) => ({ rate: t.rate / 100, category: t.code, net: major(t.net, currency), vat: major(t.tax, currency) })),
    country: tax.country,
    reverseCharge: tax.reverseCharge,
    taxIncluded: tax.mode === 'TAX_INCLUDED',
  };
}

/** Interface 2.5 Bill; `price` in major units (what the buyer pays, VAT included), `tax` its breakdown. */
export const billView = (b: BillRecord) => ({
  id: b.id,
  contractId: b.contractId,
  items: b.items.map((i) => ({ sku: i.sku, title: i.title, purchaseOptionId: i.purchaseOptionId })),
  price: toMajor(b.price),
  currency: b.price.currency,
  receiptUrl: b.receiptUrl,
  tax: taxView(b.tax, b.price.currency),
  paymentProvider: b.paymentProvider,
  paymentMethod: b.paymentMethod,
  status: b.status,
  updatedAt: b.updatedAt.toISOString(),
  createdAt: b.createdAt.toISOString(),
});
