import { toMajor } from '@kiosk/domain';
import { Contract, contentSkuOf, DiscountCode, SeatUserView as SeatUser } from '@kiosk/domain/contracts';
import { ContractView, DiscountCodeView, SeatUserView } from './contracts.dto';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** A contract in the shape of interface 2.2; absent values are left out, as the interface allows. */
export function contractView(contract: Contract, now: Date, baseUrl: string): ContractView {
  const s = contract.toSnapshot();
  const discount = contract.discountAt(now);
  const nextPrice = contract.nextPrice;
  return {
    id: s.id,
    name: s.name,
    userId: s.userId,
    ...(s.payer ? { payer: { id: s.payer.id, email: s.payer.email } } : {}),
    createdAt: s.createdAt.toISOString(),
    confirmedAt: iso(s.confirmedAt),
    updatedAt: s.updatedAt.toISOString(),
    price: toMajor(contract.price),
    nextBillAt: iso(contract.nextBillAt),
    nextPrice: nextPrice ? toMajor(nextPrice) : undefined,
    currency: s.currency,
    manageUrl: `${baseUrl}/contracts/${encodeURIComponent(s.id)}`,
    contractDuration: s.recurrence ? 'RECURRING' : 'ONE_TIME',
    items: s.items.map((item) => ({
      sku: item.sku,
      purchaseOptionId: item.purchaseOptionId,
      purchaseOptionName: item.purchaseOptionName,
      name: item.name,
      ...(item.cover ? { cover: item.cover } : {}),
      productType: item.productType,
      purchaseType: item.purchaseType,
      isMultiseat: item.isMultiseat,
      quantity: item.quantity,
      seats: item.seats,
    })),
    status: s.status,
    isActive: contract.isActive,
    recurringInterval: s.recurrence?.interval,
    recurringTime: s.recurrence?.time,
    willCancelAt: iso(s.willCancelAt),
    cancelRequestedAt: iso(s.cancelRequestedAt),
    expiresAt: iso(contract.expiresAt),
    cancelReason: s.cancelReason ?? undefined,
    origin: { type: s.origin.type, id: s.origin.id },
    paymentData: { method: s.payment.method, description: 'Invoice', brand: s.payment.provider, walletType: 'NONE' },
    appliedDiscounts: s.appliedDiscounts.map((a) => ({
      code: a.code,
      name: a.name,
      description: a.description,
      id: a.id ?? undefined,
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

export const seatUserView = (seat: SeatUser): SeatUserView => ({ ...seat });

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
    ...(code.value.kind === 'percentage'
      ? { percentage: code.value.percentage }
      : { amount: toMajor(code.value.amount), currency: code.value.amount.currency }),
    ...(code.duration.kind === 'bills' ? { bills: code.duration.count } : {}),
    ...(code.duration.kind === 'until' ? { until: code.duration.date.toISOString() } : {}),
    validFrom: iso(code.validFrom),
    validUntil: iso(code.validUntil),
    purchaseOptionIds: [...code.purchaseOptionIds],
    maxRedemptions: code.maxRedemptions ?? undefined,
    redemptions: code.redemptions,
  };
}
