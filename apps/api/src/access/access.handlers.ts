import { DomainEvent } from '@kiosk/domain';
import { SyncContractAccess } from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction } from '../platform/database/transaction';
import { EventHandler } from '../platform/outbox/worker';

/** Contract events after which who may use what can have changed. */
export const ACCESS_EVENT_TYPES = [
  'contract.activated',
  'contract.seat_assigned',
  'contract.seat_removed',
  'contract.canceled',
  'contract.cancel_requested',
  'contract.reinstated',
  // An upgrade takes effect at once, a downgrade at renewal: the entitlement follows the purchase option.
  'contract.amended',
  'contract.amendment_applied',
] as const;

/**
 * Thin: the event names a contract; the access rules (SyncContractAccess)
 * decide from the contract as it is now, so a repeated, late or reordered
 * event changes nothing that is already right. One transaction per event,
 * serialized per contract by an advisory lock, so two workers handling two
 * events of one contract cannot interleave their reads and writes.
 */
export class ContractAccessHandler implements EventHandler {
  constructor(
    readonly eventType: string,
    private readonly db: DataSource,
    private readonly sync: SyncContractAccess,
  ) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    await inTransaction(this.db, async () => {
      await sqlRows(this.db, `SELECT pg_advisory_xact_lock(hashtext($1))`, [`access:${event.vendorId}:${event.aggregateId}`]);
      await this.sync.execute({ vendorId: event.vendorId, contractId: event.aggregateId });
    });
  }
}
