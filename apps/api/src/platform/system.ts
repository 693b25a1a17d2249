import { Clock, IdGenerator } from '@kiosk/domain';
import { v7 as uuidv7 } from 'uuid';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** Time-ordered UUIDv7 identifiers. */
export class UuidV7Ids implements IdGenerator {
  next(): string {
    return uuidv7();
  }
}
