import { toMajor } from '@kiosk/domain';
import { BillRecord, Transaction } from '@kiosk/domain/billing';
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

/** Interface 2.5 Bill; `price` in major units. */
export const billView = (b: BillRecord) => ({
  id: b.id,
  contractId: b.contractId,
  items: b.items.map((i) => ({ sku: i.sku, title: i.title, purchaseOptionId: i.purchaseOptionId })),
  price: toMajor(b.price),
  currency: b.price.currency,
  receiptUrl: b.receiptUrl,
  paymentProvider: b.paymentProvider,
  paymentMethod: b.paymentMethod,
  status: b.status,
  updatedAt: b.updatedAt.toISOString(),
  createdAt: b.createdAt.toISOString(),
});
