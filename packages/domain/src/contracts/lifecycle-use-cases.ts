import { Clock } from '../shared';
import { applyTimedMove, DEFAULT_GRACE_PERIOD_DAYS, nextTimedMove, TimedMove } from './advance-policy';
import { Contract } from './contract';
import { ContractAlreadyCanceled, ContractNotFound } from './errors';
import { BillInvoicing, ContractRepository } from './ports';
import { ContractStatus } from './status';

/** Sends every bill the contract issued in this step, still inside the locked update. */
export async function invoiceIssuedBills(contract: Contract, invoicing: BillInvoicing): Promise<void> {
  for (const bill of contract.takeIssuedBills()) await invoicing.send(bill, contract);
}

/**
 * POST /management/contracts/{id}/confirm: safe to repeat (rule 2). The
 * first bill goes to the invoicing provider in the same locked step, so
 * parallel confirms issue one bill, and an unreachable provider leaves the
 * contract PENDING.
 */
export class ConfirmContract {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly invoicing: BillInvoicing,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string }): Promise<Contract> {
    return this.contracts.update(command.vendorId, command.contractId, async (contract) => {
      contract.confirm(this.clock.now());
      await invoiceIssuedBills(contract, this.invoicing);
      return contract;
    });
  }
}

export class GetContract {
  constructor(private readonly contracts: Pick<ContractRepository, 'find'>) {}

  async execute(command: { vendorId: string; contractId: string; userId?: string }): Promise<Contract> {
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    // A user sees only their own contracts; anyone else's is simply not there.
    if (!contract || (command.userId !== undefined && contract.userId !== command.userId)) {
      throw new ContractNotFound(command.contractId);
    }
    return contract;
  }
}

/** Page sizes of the vendor's contract list. */
export const CONTRACT_LIST_LIMITS = { default: 50, max: 500 } as const;

/**
 * GET /management/contracts: the vendor's contracts, newest first, a page of
 * `limit` (default 50, at most 500) from `offset`, filtered by `status`.
 * With `userId` and no `limit`, every contract of that user (how a client
 * checks whether a create succeeded).
 */
export class ListContracts {
  constructor(private readonly contracts: Pick<ContractRepository, 'list'>) {}

  execute(command: { vendorId: string; userId?: string; status?: ContractStatus; limit?: number; offset?: number }): Promise<Contract[]> {
    const limit = command.limit ?? (command.userId !== undefined ? null : CONTRACT_LIST_LIMITS.default);
    return this.contracts.list(command.vendorId, {
      userId: command.userId,
      status: command.status,
      limit: limit === null ? null : Math.min(Math.max(limit, 1), CONTRACT_LIST_LIMITS.max),
      offset: Math.max(command.offset ?? 0, 0),
    });
  }
}

/**
 * POST /contracts/{id}/cancel. When `userId` is given (the user-facing
 * route) only the contract user may cancel; to others the contract does not exist.
 * With `refuseCanceled` (POST /management/contracts/{id}/cancel) a contract
 * that has already ended is refused (409) instead of answered unchanged; one
 * set to cancel is still answered unchanged.
 */
export class RequestCancel {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; reason: string; userId?: string; refuseCanceled?: boolean }): Promise<Contract> {
    return this.contracts.update(command.vendorId, command.contractId, (contract) => {
      if (command.userId !== undefined && contract.userId !== command.userId) {
        throw new ContractNotFound(command.contractId);
      }
      if (command.refuseCanceled && contract.status === 'CANCELED') throw new ContractAlreadyCanceled(command.contractId);
      contract.requestCancel(this.clock.now(), command.reason);
      return contract;
    });
  }
}

/** The billing module reports a paid bill; an OVERDUE contract may return to ACTIVE. */
export class RecordBillPayment {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; billId: string }): Promise<Contract> {
    return this.contracts.update(command.vendorId, command.contractId, (contract) => {
      contract.markPaid(command.billId, this.clock.now());
      return contract;
    });
  }
}

/**
 * A refund that ends the entitlement (POST /management/transactions/{id}/refund
 * with `endEntitlement`): the contract is CANCELED now with reason REFUNDED,
 * so access and seats go through the outbox. One already CANCELED stays as it is.
 */
export class EndContractForRefund {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string }): Promise<Contract> {
    return this.contracts.update(command.vendorId, command.contractId, (contract) => {
      if (contract.status !== 'CANCELED') contract.cancel(this.clock.now(), 'REFUNDED');
      return contract;
    });
  }
}

/** Upper bound of moves per run, so a broken contract cannot spin the worker. */
const MAX_MOVES_PER_RUN = 10_000;

/**
 * What time does to one contract: start on `startsAt`, renew at
 * `nextBillAt`, OVERDUE when a bill is past due, CANCELED after the
 * vendor's grace period (NON_PAYMENT) or at `willCancelAt`. Each move is
 * applied at the date it fell due, so a late run catches up exactly.
 */
export class AdvanceContract {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly invoicing: BillInvoicing,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; gracePeriodDays?: number }): Promise<TimedMove[]> {
    const grace = command.gracePeriodDays ?? DEFAULT_GRACE_PERIOD_DAYS;
    return this.contracts.update(command.vendorId, command.contractId, async (contract) => {
      const now = this.clock.now();
      const moves: TimedMove[] = [];
      for (let move = nextTimedMove(contract, now, grace); move; move = nextTimedMove(contract, now, grace)) {
        applyTimedMove(contract, move);
        moves.push(move);
        if (moves.length >= MAX_MOVES_PER_RUN) break;
      }
      await invoiceIssuedBills(contract, this.invoicing);
      return moves;
    });
  }
}
