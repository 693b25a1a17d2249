import { InvalidError, Money } from '../shared';

export const RECURRING_INTERVALS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** How a product is sold: price per unit, billing cycle, seats per unit and quantity limits. */
export interface PurchaseOption {
  readonly id: string;
  readonly vendorId: string;
  readonly sku: string;
  readonly name: string;
  readonly price: Money;
  readonly taxIncluded: boolean;
  /** null for a one-time purchase. */
  readonly recurring: { readonly interval: RecurringInterval; readonly time: number } | null;
  readonly seatsPerUnit: number;
  readonly minQuantity: number;
  readonly maxQuantity: number;
  readonly createdAt: Date;
}

export type NewPurchaseOption = Omit<PurchaseOption, 'createdAt'>;

/** Upper bound on quantity when the vendor sets none (the interface leaves it open). */
export const DEFAULT_MAX_QUANTITY = 10_000;

export function createPurchaseOption(input: NewPurchaseOption, now: Date): PurchaseOption {
  const positiveInteger = (value: number, field: string) => {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new InvalidError('PURCHASE_OPTION.BAD_NUMBER', `${field} must be a whole number of at least 1`, {
        field,
        value,
      });
    }
  };
  positiveInteger(input.seatsPerUnit, 'seatsPerUnit');
  positiveInteger(input.minQuantity, 'minQuantity');
  positiveInteger(input.maxQuantity, 'maxQuantity');
  if (input.recurring) positiveInteger(input.recurring.time, 'recurringTime');
  if (input.minQuantity > input.maxQuantity) {
    throw new InvalidError('PURCHASE_OPTION.BAD_QUANTITY_LIMITS', 'minQuantity must not exceed maxQuantity');
  }
  if (input.price.minor < 0) {
    throw new InvalidError('PURCHASE_OPTION.NEGATIVE_PRICE', 'price must not be negative');
  }
  if (input.name.trim().length === 0 || input.name.length > 200) {
    throw new InvalidError('PURCHASE_OPTION.BAD_NAME', 'name must be 1 to 200 characters');
  }
  return { ...input, createdAt: now };
}
