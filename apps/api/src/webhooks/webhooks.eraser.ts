import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { scrubColumn } from '../platform/database/erasure-sql';
import { managerOf } from '../platform/database/transaction';

/**
 * webhooks: events kept for the delivery log and replays lose the person
 * (a contract's view names its user and payer), and so do the answers
 * receivers gave. A replay after the erasure sends the scrubbed event.
 */
export class WebhooksEraser implements PersonalDataEraser {
  readonly module = 'webhooks';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    await scrubColumn(m, { table: 'webhook_messages', keys: ['vendor_id', 'id'], column: 'payload', kind: 'json' }, s);
    await scrubColumn(m, { table: 'webhook_attempts', keys: ['vendor_id', 'id'], column: 'response_excerpt', kind: 'text' }, s);
    await scrubColumn(m, { table: 'webhook_attempts', keys: ['vendor_id', 'id'], column: 'error', kind: 'text' }, s);
  }
}
