import { createUser, normalizeEmail } from '../identity/user';
import { Clock, IdGenerator } from '../shared';
import { Contract } from './contract';
import { ContractNotFound } from './errors';
import { ContractRepository, ContractUsers, SeatUsers } from './ports';
import { SeatStatus } from './seats';

/** PUT /management/contracts/{id}/seats. */
export class SetSeats {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; seats: number; sku?: string }): Promise<Contract> {
    return this.contracts.update(command.vendorId, command.contractId, (contract) => {
      contract.setSeats(command.seats, command.sku, this.clock.now());
      return contract;
    });
  }
}

/**
 * POST /management/contracts/{id}/seats/users: assigning by e-mail makes a
 * seat user (a user is created for an unknown e-mail). Assigning someone
 * who already holds a seat of the item changes nothing. A refusal (no free
 * seat, a contract whose seats cannot change, no such item) writes nothing:
 * the move is tried on the loaded contract before any user is created.
 */
export class AssignSeat {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'find' | 'update'>,
    private readonly users: SeatUsers,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; contractId: string; email: string; sku?: string }): Promise<{ userId: string }> {
    const { vendorId, contractId } = command;
    // Look first so that an unknown contract or a refused move creates no user.
    const found = await this.contracts.find(vendorId, contractId);
    if (!found) throw new ContractNotFound(contractId);
    const now = this.clock.now();
    const email = normalizeEmail(command.email);
    const existing = await this.users.findByEmail(vendorId, email);
    const fresh = this.ids.next();
    const id = existing?.id ?? fresh;
    // A dry run on the unsaved copy: throws the refusal the real move would.
    found.assignSeat({ id, email }, command.sku, now);
    const user = existing ?? (await this.users.addOrGet(createUser({ id, vendorId, email }, now)));
    await this.contracts.update(vendorId, contractId, (contract) => {
      contract.assignSeat({ id: user.id, email: user.email }, command.sku, this.clock.now());
    });
    return { userId: user.id };
  }
}

/** DELETE /management/contracts/{id}/seats/users/{userId}: frees the seat; it leaves the list. */
export class RemoveSeat {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; userId: string }): Promise<void> {
    return this.contracts.update(command.vendorId, command.contractId, (contract) => {
      contract.removeSeat(command.userId, this.clock.now());
    });
  }
}

/** A seat user entry (interface 4.1). */
export interface SeatUserView {
  userId: string;
  /** The content product the seat unlocks. */
  sku: string;
  status: SeatStatus;
  entitlementId: string | null;
  email?: string;
  fullName?: string;
}

/** GET /management/contracts/{id}/seats/users; `sku` may be the content or the license SKU. */
export class ListSeatUsers {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'find'>,
    private readonly users: Pick<ContractUsers, 'find'>,
  ) {}

  async execute(command: { vendorId: string; contractId: string; sku?: string }): Promise<SeatUserView[]> {
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    if (!contract) throw new ContractNotFound(command.contractId);
    const views: SeatUserView[] = [];
    for (const seat of contract.seatUsers(command.sku)) {
      const user = await this.users.find(command.vendorId, seat.userId);
      const view: SeatUserView = {
        userId: seat.userId,
        sku: seat.sku,
        status: seat.status,
        entitlementId: seat.entitlementId,
      };
      if (user) view.email = user.email;
      const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
      if (fullName) view.fullName = fullName;
      views.push(view);
    }
    return views;
  }
}

/**
 * The access module granted a seat's entitlement: the seat shows it and
 * becomes ACTIVE. Reporting the same entitlement again changes nothing.
 */
export class ProvisionSeat {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; userId: string; itemSku: string; entitlementId: string }): Promise<boolean> {
    return this.contracts.update(command.vendorId, command.contractId, (contract) =>
      contract.seatProvisioned(command.userId, command.itemSku, command.entitlementId, this.clock.now()),
    );
  }
}
