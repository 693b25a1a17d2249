import { DomainEvent } from '@kiosk/domain';
import { SendReaderMails } from '@kiosk/domain/mail';
import { EventHandler } from '../platform/outbox/worker';

const dateOf = (value: unknown): Date | null => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : null);

/** `contract.overdue`: the reader's payment did not come in; the mail links to where it is fixed. */
export class PaymentFailedMailOnOverdue implements EventHandler {
  readonly eventType = 'contract.overdue';

  constructor(private readonly mails: SendReaderMails) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    await this.mails.paymentFailed({ vendorId: event.vendorId, contractId: event.aggregateId, eventId: event.id, dueAt: dateOf(event.payload.overdueSince) });
  }
}

/** `contract.cancel_requested` and `contract.canceled`: the cancellation is confirmed with the day access ends. */
export class CancellationMailOn implements EventHandler {
  constructor(
    readonly eventType: 'contract.cancel_requested' | 'contract.canceled',
    private readonly mails: SendReaderMails,
  ) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    await this.mails.cancellationConfirmed({
      vendorId: event.vendorId,
      contractId: event.aggregateId,
      eventId: event.id,
      requested: this.eventType === 'contract.cancel_requested',
      from: typeof event.payload.from === 'string' ? event.payload.from : undefined,
    });
  }
}
