import { toMajor } from '@kiosk/domain';
import {
  Amendment,
  Contract,
  contentSkuOf,
  DiscountCode,
  PaymentIssue,
  SeatUserView as SeatUser,
  Subscription,
  UpgradeOption,
} from '@kiosk/domain/contracts';
import { isoOrNull as iso, orNull } from '../platform/http/views';
import { ContractView, DiscountCodeView, SeatUserView } from './contracts.dto';

/** A contract's `tax` field: the VAT of its price as its next invoice shows it (docs/invoices.md); billing quotes it. */
export type ContractTaxView = (contract: Contract) => Promise<ContractView['tax']>;

/** A contract in the shape of interface 2.2; absent values are null (DESIGN.md 4). */
export function contractView(contract: Contract, now: Date, baseUrl: string, tax: ContractView['tax'] = null): ContractView {
  const s = contract.toSnapshot();
  const discount = contract.discountAt(now);
  const nextPrice = contract.nextPrice;
  return {
    id: s.id,
    name: s.name,
    userId: s.userId,
    payer: s.payer ? { id: s.payer.id, email: s.payer.email } : null,
    createdAt: s.createdAt.toISOString(),
    confirmedAt: iso(s.confirmedAt),
    updatedAt: s.updatedAt.toISOString(),
    price: toMajor(contract.price),
    tax,
    nextBillAt: iso(contract.nextBillAt),
    nextPrice: nextPrice ? toMajor(nextPrice) : null,
    currency: s.currency,
    manageUrl: `${baseUrl}/contracts/${encodeURIComponent(s.id)}`,
    contractDuration: s.recurrence ? 'RECURRING' : 'ONE_TIME',
    issuesRemaining: null,
    items: s.items.map((item) => ({
      sku: item.sku,
      purchaseOptionId: item.purchaseOptionId,
      purchaseOptionName: item.purchaseOptionName,
      name: item.name,
      cover: orNull(item.cover),
      productType: item.productType,
      purchaseType: item.purchaseType,
      isMultiseat: item.isMultiseat,
      quantity: item.quantity,
      seats: item.seats,
    })),
    status: s.status,
    isActive: contract.isActive,
    recurringInterval: orNull(s.recurrence?.interval),
    recurringTime: orNull(s.recurrence?.time),
    willCancelAt: iso(s.willCancelAt),
    cancelRequestedAt: iso(s.cancelRequestedAt),
    expiresAt: iso(contract.expiresAt),
    cancelReason: orNull(s.cancelReason),
    origin: { type: s.origin.type, id: s.origin.id },
    paymentData: {
      method: s.payment.method,
      description: s.payment.description ?? 'Invoice',
      brand: s.payment.brand ?? s.payment.provider,
      walletType: 'NONE',
    },
    appliedDiscounts: s.appliedDiscounts.map((a) => ({
      code: a.code,
      name: a.name,
      description: a.description,
      id: orNull(a.id),
      status: a.status,
      startsAt: iso(a.startsAt),
      endsAt: iso(a.endsAt),
    })),
    discount: discount
      ? {
          endsAt: iso(discount.endsAt),
          amount: toMajor(discount.amount),
          percentage: discount.percentage,
          fullPrice: toMajor(discount.fullPrice),
        }
      : null,
  };
}

export const seatUserView = (seat: SeatUser): SeatUserView => ({
  ...seat,
  entitlementId: orNull(seat.entitlementId),
  email: orNull(seat.email),
  fullName: orNull(seat.fullName),
});

/** The deprecated licenses listing: each license item with its seats and holders. */
export function licenseViews(contract: Contract, seatUsers: SeatUser[]) {
  return contract
    .toSnapshot()
    .items.filter((item) => item.isMultiseat)
    .map((item) => {
      const holders = seatUsers.filter((u) => u.sku === contentSkuOf(item.sku));
      return {
        sku: item.sku,
        contentSku: contentSkuOf(item.sku),
        purchaseOptionId: item.purchaseOptionId,
        seats: item.seats,
        seatsTaken: holders.length,
        seatUsers: holders.map(seatUserView),
      };
    });
}

export function discountCodeView(code: DiscountCode): DiscountCodeView {
  return {
    id: code.id,
    code: code.code,
    name: code.name,
    description: code.description,
    percentage: code.value.kind === 'percentage' ? code.value.percentage : null,
    amount: code.value.kind === 'percentage' ? null : toMajor(code.value.amount),
    currency: code.value.kind === 'percentage' ? null : code.value.amount.currency,
    bills: code.duration.kind === 'bills' ? code.duration.count : null,
    until: code.duration.kind === 'until' ? code.duration.date.toISOString() : null,
    validFrom: iso(code.validFrom),
    validUntil: iso(code.validUntil),
    purchaseOptionIds: [...code.purchaseOptionIds],
    maxRedemptions: orNull(code.maxRedemptions),
    redemptions: code.redemptions,
  };
}

// The reader's subscriptions, payment issues, upgrade options and amendments (interface 4.3).

export const subscriptionView = (s: Subscription, baseUrl: string) => ({
  id: s.id,
  currency: s.currency,
  cancelAt: iso(s.cancelAt),
  createdAt: s.createdAt.toISOString(),
  status: s.status,
  product: {
    name: s.product.name,
    description: s.product.description,
    image: orNull(s.product.image),
    optionId: s.product.optionId,
    sku: s.product.sku,
  },
  // Contracts count no issues.
  totalIssues: null,
  remainingIssues: null,
  price: toMajor(s.price),
  nextPrice: s.nextPrice ? toMajor(s.nextPrice) : null,
  nextPaymentAt: iso(s.nextPaymentAt),
  hasAccess: s.hasAccess,
  manageUrl: `${baseUrl}/contracts/${encodeURIComponent(s.id)}`,
  userId: s.userId,
});

export const paymentIssueView = (p: PaymentIssue, baseUrl: string) => ({
  contractId: p.contractId,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  nextPaymentAt: iso(p.nextPaymentAt),
  manageUrl: `${baseUrl}/contracts/${encodeURIComponent(p.contractId)}`,
  status: p.status,
});

export const upgradeOptionView = (o: UpgradeOption) => ({
  itemId: o.itemId,
  sku: o.sku,
  purchaseOptionId: o.purchaseOptionId,
  paths: o.paths.map((p) => ({
    type: p.type,
    sku: p.sku,
    purchaseOptionId: p.purchaseOptionId,
    title: p.title,
    cover: orNull(p.cover),
    description: p.description,
    features: [...p.features],
    price: toMajor(p.price),
    currency: p.price.currency,
  })),
});

export const amendmentView = (a: Amendment) => ({
  id: a.id,
  contractId: a.contractId,
  status: a.status,
  amendmentType: a.type,
  purchaseOptionId: orNull(a.change?.purchaseOptionId),
  appliedDiscounts: a.appliedDiscounts.map((d) => ({
    code: d.code,
    status: d.status,
    id: orNull(d.id),
    name: d.name,
    description: d.description,
    reason: orNull(d.reason),
  })),
  nextBill: a.nextBill
    ? { total: toMajor(a.nextBill.total), currency: a.nextBill.total.currency, date: a.nextBill.date.toISOString() }
    : null,
});
