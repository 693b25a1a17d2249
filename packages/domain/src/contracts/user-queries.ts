import { Clock, Money } from '../shared';
import { Contract } from './contract';
import { ContractNotFound } from './errors';
import { ContractRepository } from './ports';
import { ContractStatus } from './status';

// What a signed-in reader sees of their own contracts (interface 4.3).
// Another reader's contract, or another vendor's, is simply not there.

/**
 * Contracts shown on GET /contracts: recurring contracts once confirmed
 * (active, set to cancel, overdue or canceled), and one-time purchases
 * while they grant access. PENDING contracts are the vendor's drafts and
 * are left out.
 */
export function shownToReader(contract: Contract): boolean {
  if (contract.status === 'PENDING') return false;
  return contract.isRecurring || contract.isActive;
}

export class ListReaderContracts {
  constructor(private readonly contracts: Pick<ContractRepository, 'listByUser'>) {}

  async execute(command: { vendorId: string; userId: string }): Promise<Contract[]> {
    return (await this.contracts.listByUser(command.vendorId, command.userId)).filter(shownToReader);
  }
}

/** Interface 2.6a Subscription, built from a recurring contract. */
export interface Subscription {
  readonly id: string;
  readonly userId: string;
  readonly currency: string;
  readonly status: ContractStatus;
  readonly createdAt: Date;
  /** When it ends or ended: `willCancelAt`, or when it was canceled. */
  readonly cancelAt: Date | null;
  readonly product: {
    readonly name: string;
    readonly description: string;
    readonly image: string | null;
    readonly optionId: string;
    readonly sku: string;
  };
  readonly price: Money;
  readonly nextPrice: Money | null;
  readonly nextPaymentAt: Date | null;
  readonly hasAccess: boolean;
}

export function subscriptionOf(contract: Contract): Subscription {
  const s = contract.toSnapshot();
  const item = s.items[0];
  return {
    id: s.id,
    userId: s.userId,
    currency: s.currency,
    status: s.status,
    createdAt: s.createdAt,
    cancelAt: contract.expiresAt,
    product: {
      name: item.name,
      description: item.purchaseOptionName,
      image: item.cover,
      optionId: item.purchaseOptionId,
      sku: item.sku,
    },
    price: contract.price,
    nextPrice: contract.nextPrice,
    nextPaymentAt: contract.nextBillAt,
    hasAccess: contract.isActive,
  };
}

/** GET /subscriptions: the reader's recurring contracts once confirmed, active and canceled alike, newest first. */
export class ListReaderSubscriptions {
  constructor(private readonly contracts: Pick<ContractRepository, 'listByUser'>) {}

  async execute(command: { vendorId: string; userId: string }): Promise<Subscription[]> {
    return (await this.contracts.listByUser(command.vendorId, command.userId))
      .filter((c) => c.isRecurring && c.status !== 'PENDING')
      .map(subscriptionOf);
  }
}

export class GetReaderSubscription {
  constructor(private readonly contracts: Pick<ContractRepository, 'find'>) {}

  async execute(command: { vendorId: string; userId: string; subscriptionId: string }): Promise<Subscription> {
    const contract = await this.contracts.find(command.vendorId, command.subscriptionId);
    if (!contract || contract.userId !== command.userId || !contract.isRecurring || contract.status === 'PENDING') {
      throw new ContractNotFound(command.subscriptionId);
    }
    return subscriptionOf(contract);
  }
}

/** Interface 2.6a Payment issue: an OVERDUE contract of the reader. */
export interface PaymentIssue {
  readonly contractId: string;
  /** When the contract became overdue (the due date of its oldest unpaid bill). */
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** The due date of the oldest unpaid bill: what to pay now. */
  readonly nextPaymentAt: Date | null;
  readonly status: 'OVERDUE';
}

/** GET /payment-issues: overdue contracts (invoices have no payment method that can expire). */
export class ListPaymentIssues {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'listByUser'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string }): Promise<PaymentIssue[]> {
    const now = this.clock.now();
    return (await this.contracts.listByUser(command.vendorId, command.userId))
      .filter((c) => c.status === 'OVERDUE')
      .map((c) => {
        const dueDates = c.openBills.filter((b) => b.dueAt <= now).map((b) => b.dueAt.getTime());
        const s = c.toSnapshot();
        return {
          contractId: c.id,
          createdAt: c.overdueSince ?? s.updatedAt,
          updatedAt: s.updatedAt,
          nextPaymentAt: dueDates.length > 0 ? new Date(Math.min(...dueDates)) : null,
          status: 'OVERDUE' as const,
        };
      });
  }
}
