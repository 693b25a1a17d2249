import { DomainEvent } from '@kiosk/domain';
import { EventHandler } from '../platform/outbox/worker';
import type { WebhookDeliveries } from './webhook-deliveries';

/** Makes webhook messages from one type of outbox event. */
export class WebhookFanOut implements EventHandler {
  constructor(
    readonly eventType: string,
    private readonly deliveries: WebhookDeliveries,
  ) {}
  async handle(event: DomainEvent & { id: string }): Promise<void> {
    await this.deliveries.fanOut(event);
  }
}
