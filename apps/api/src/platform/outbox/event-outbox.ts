import { DomainEvent, EventOutbox } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { managerOf } from '../database/transaction';
import { appendToOutbox } from './outbox';

/** The domain's `EventOutbox` port: appends to the outbox in the transaction the use case runs in. */
export class TypeOrmEventOutbox implements EventOutbox {
  constructor(private readonly db: DataSource) {}

  append(events: readonly DomainEvent[]): Promise<void> {
    return appendToOutbox(managerOf(this.db), events);
  }
}
