import { DomainEvent } from '@kiosk/domain';
import { ChargeRenewal, SendGiftNotice } from '@kiosk/domain/checkout';
import { Logger } from 'pino';
import { EventHandler } from '../platform/outbox/worker';

/**
 * `contract.renewed`: a checkout-made subscription's new bill is charged to
 * the saved payment method (ChargeRenewal). A declined charge leaves the
 * bill OPEN for the existing OVERDUE path; the event is done either way.
 */
export class ChargeRenewalOnRenewed implements EventHandler {
  readonly eventType = 'contract.renewed';

  constructor(
    private readonly charge: ChargeRenewal,
    private readonly logger: Logger,
  ) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    const outcome = await this.charge.execute({ vendorId: event.vendorId, contractId: event.aggregateId });
    if (outcome === 'DECLINED') {
      this.logger.info({ vendorId: event.vendorId, contractId: event.aggregateId }, 'renewal charge declined; the bill stays open');
    }
  }
}

/** `checkout.completed`: a gift's recipient gets the e-mail with the redeem link. */
export class SendGiftNoticeOnCompleted implements EventHandler {
  readonly eventType = 'checkout.completed';

  constructor(private readonly notice: SendGiftNotice) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    await this.notice.execute({ vendorId: event.vendorId, checkoutId: event.aggregateId });
  }
}
