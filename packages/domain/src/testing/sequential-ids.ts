import { IdGenerator } from '../shared';

export class SequentialIds implements IdGenerator {
  private counter = 0;
  constructor(private readonly prefix = 'id-') {}
  next(): string {
    this.counter += 1;
    return `${this.prefix}${String(this.counter).padStart(6, '0')}`;
  }
}
