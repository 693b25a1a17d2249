import { ConflictError, DomainError, InvalidError, NotFoundError, UnavailableError } from '../shared';

// Every refusal of the contracts module has its own class and a stable code,
// so the API can map kinds to statuses and clients can branch on codes.

export class ContractNotFound extends NotFoundError {
  constructor(contractId: string) {
    super('CONTRACT.NOT_FOUND', `no contract ${contractId}`, { contractId });
  }
}

export class IllegalContractTransition extends ConflictError {
  constructor(from: string, to: string) {
    super('CONTRACT.ILLEGAL_TRANSITION', `a ${from} contract cannot become ${to}`, { from, to });
  }
}

export class ContractNotConfirmable extends ConflictError {
  constructor(contractId: string, status: string) {
    super('CONTRACT.NOT_CONFIRMABLE', `contract ${contractId} is ${status} and cannot be confirmed`, {
      contractId,
      status,
    });
  }
}

export class ContractNotStarted extends ConflictError {
  constructor(contractId: string, startsAt: Date | null) {
    super('CONTRACT.NOT_STARTED', `contract ${contractId} has not reached its start`, {
      contractId,
      startsAt: startsAt?.toISOString() ?? null,
    });
  }
}

export class ContractNotForthcoming extends ConflictError {
  constructor(contractId: string, status: string) {
    super('CONTRACT.NOT_FORTHCOMING', `contract ${contractId} is ${status}; only a FORTHCOMING contract starts`, {
      contractId,
      status,
    });
  }
}

export class ContractNotRenewable extends ConflictError {
  constructor(contractId: string, why: string) {
    super('CONTRACT.NOT_RENEWABLE', `contract ${contractId} cannot renew: ${why}`, { contractId, why });
  }
}

export class NothingOverdue extends ConflictError {
  constructor(contractId: string) {
    super('CONTRACT.NOTHING_OVERDUE', `contract ${contractId} has no bill past its due date`, { contractId });
  }
}

export class ContractAlreadyCanceled extends ConflictError {
  constructor(contractId: string) {
    super('CONTRACT.ALREADY_CANCELED', `contract ${contractId} is already canceled`, { contractId });
  }
}

/** Seat changes need a running contract that is not set to cancel (interface 7, PUT seats 409). */
export class SeatsLocked extends ConflictError {
  constructor(contractId: string, why: string) {
    super('CONTRACT.SEATS_LOCKED', `seats of contract ${contractId} cannot change: ${why}`, { contractId, why });
  }
}

export class NoLicenseItem extends InvalidError {
  constructor(contractId: string) {
    super('CONTRACT.NO_LICENSE_ITEM', `contract ${contractId} has no license item`, { contractId });
  }
}

export class SeatSkuRequired extends InvalidError {
  constructor(contractId: string) {
    super('CONTRACT.SEAT_SKU_REQUIRED', `contract ${contractId} has several license items; name the sku`, {
      contractId,
    });
  }
}

export class SeatSkuUnknown extends InvalidError {
  constructor(sku: string) {
    super('CONTRACT.SEAT_SKU_UNKNOWN', `no license item matches sku ${sku}`, { sku });
  }
}

export class BadSeatCount extends InvalidError {
  constructor(seats: number) {
    super('CONTRACT.BAD_SEATS', 'seats must be a whole number of at least 1', { seats });
  }
}

export class SeatsBelowHolders extends ConflictError {
  constructor(seats: number, holders: number) {
    super('CONTRACT.SEATS_BELOW_HOLDERS', `${holders} people hold a seat; the total cannot be ${seats}`, {
      seats,
      holders,
    });
  }
}

export class NoFreeSeat extends ConflictError {
  constructor(sku: string) {
    super('CONTRACT.NO_FREE_SEAT', `every seat of ${sku} is taken`, { sku });
  }
}

export class SeatUserNotFound extends NotFoundError {
  constructor(userId: string) {
    super('CONTRACT.SEAT_USER_NOT_FOUND', `user ${userId} holds no seat on this contract`, { userId });
  }
}

export class OwnerSeatNotRemovable extends ConflictError {
  constructor(userId: string) {
    super('CONTRACT.OWNER_SEAT', `user ${userId} administers the contract and keeps the first seat`, { userId });
  }
}

export class SeatsNotOnLicense extends InvalidError {
  constructor(sku: string) {
    super('CONTRACT.SEATS_NOT_LICENSE', `seats can only be set on a license product, not ${sku}`, { sku });
  }
}

export class QuantityOutOfLimits extends InvalidError {
  constructor(quantity: number, min: number, max: number) {
    super('CONTRACT.QUANTITY_OUT_OF_LIMITS', `quantity must be a whole number from ${min} to ${max}`, {
      quantity,
      min,
      max,
    });
  }
}

export class BadUnitPrice extends InvalidError {
  constructor(amountMinor: number) {
    super('CONTRACT.BAD_UNIT_PRICE', 'unit price must be a whole, non-negative number of minor units', {
      amountMinor,
    });
  }
}

export class BadAnchorDate extends InvalidError {
  constructor(why: string) {
    super('CONTRACT.BAD_ANCHOR_DATE', `anchorDate ${why}`, { why });
  }
}

export class PurchaseOptionNotFound extends InvalidError {
  constructor(purchaseOptionId: string) {
    // 400, not 404: the interface treats an unknown option as a bad body.
    super('CONTRACT.PURCHASE_OPTION_NOT_FOUND', `no purchase option ${purchaseOptionId} for this product`, {
      purchaseOptionId,
    });
  }
}

export class PaymentMethodUnavailable extends InvalidError {
  constructor(provider: string, method: string) {
    super('CONTRACT.PAYMENT_METHOD_UNAVAILABLE', `payment ${provider}/${method} is not available; use INVOICE_PROVIDER/INVOICE`, {
      provider,
      method,
    });
  }
}

export class BadInvoiceDetails extends InvalidError {
  constructor(field: string, why: string) {
    super('CONTRACT.BAD_INVOICE', `invoice.${field} ${why}`, { field });
  }
}

export class DiscountCodeUnapplicable extends InvalidError {
  constructor(contractId: string, codes: string[]) {
    super(
      'CONTRACT.DISCOUNT_UNAPPLICABLE',
      `discount code(s) ${codes.join(', ')} could not be applied; contract ${contractId} is left PENDING`,
      { contractId, codes },
    );
  }
}

export class BadDiscountCode extends InvalidError {
  constructor(why: string) {
    super('DISCOUNT_CODE.INVALID', why);
  }
}

export class InvoicingUnavailable extends UnavailableError {
  constructor(why: string) {
    super('CONTRACT.INVOICING_UNAVAILABLE', `the invoicing provider could not be reached: ${why}`);
  }
}

/**
 * A create with `confirm` that failed after the contract was stored (the
 * invoicing provider or the database went away while confirming): the
 * contract exists, PENDING and unbilled (or, when the database went away as
 * the confirmation committed, possibly confirmed), and the answer names it so the
 * client looks it up and confirms it instead of creating a second one
 * (interface section 7). `writtenBeforeFailure` tells the API that a retry
 * with the same Idempotency-Key must get this answer again, not a new
 * contract. The code is the cause's when the cause is a business error.
 */
export class ContractLeftPending extends UnavailableError {
  readonly writtenBeforeFailure = true;
  constructor(
    readonly contractId: string,
    cause: unknown,
  ) {
    // A refusal by the provider is known not to have confirmed. A lost database may have lost the link after
    // the confirmation's COMMIT was sent: the outcome is unknown, so the answer says "look it up", not "PENDING".
    const message =
      cause instanceof DomainError
        ? `contract ${contractId} was created PENDING but not confirmed (${cause.message}); look it up and confirm it instead of creating it again`
        : `contract ${contractId} was created, and its confirmation was interrupted (it is PENDING unless the confirmation was ` +
          'stored as the link broke); look it up and confirm it if it is PENDING instead of creating it again';
    super(cause instanceof DomainError ? cause.code : 'CONTRACT.CONFIRMATION_INTERRUPTED', message, { contractId });
    this.cause = cause;
  }
}

export class PaymentRefused extends InvalidError {
  constructor(why: string) {
    super('CONTRACT.PAYMENT_REFUSED', `the payment provider refused: ${why}`, { why });
  }
}
