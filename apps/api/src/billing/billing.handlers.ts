import { DomainEvent } from '@kiosk/domain';
import { VoidBillsOfCanceledContract } from '@kiosk/domain/billing';
import { EventHandler } from '../platform/outbox/worker';

/** `contract.canceled`: the contract's open bills are voided (each under its own row lock; repeating changes nothing). */
export class VoidBillsOnCancellation implements EventHandler {
  readonly eventType = 'contract.canceled';

  constructor(private readonly voidBills: VoidBillsOfCanceledContract) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    await this.voidBills.execute({ vendorId: event.vendorId, contractId: event.aggregateId });
  }
}
