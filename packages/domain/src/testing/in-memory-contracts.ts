import {
  Bill,
  BillInvoicing,
  Contract,
  ContractNotFound,
  ContractListFilter,
  ContractRepository,
  ContractSnapshot,
  DiscountCode,
  DiscountCodeRepository,
  nextTimedCheckAt,
  normalizeDiscountCode,
} from '../contracts';
import { DomainEvent } from '../shared';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;

/**
 * Contracts kept as snapshots, so every read hands out a fresh aggregate and
 * a failed `update` leaves nothing behind, as a database transaction would.
 * Updates of one contract run one after another, as under a row lock.
 */
export class InMemoryContractRepository implements ContractRepository {
  readonly rows = new Map<string, ContractSnapshot>();
  /** Everything the contracts recorded, in order: the outbox. */
  readonly outbox: DomainEvent[] = [];
  private readonly locks = new Map<string, Promise<unknown>>();

  async add(contract: Contract): Promise<void> {
    const k = key(contract.vendorId, contract.id);
    if (this.rows.has(k)) throw new Error(`contract ${contract.id} already exists`);
    this.rows.set(k, contract.toSnapshot());
    this.outbox.push(...contract.pullEvents());
  }

  async find(vendorId: string, contractId: string): Promise<Contract | null> {
    const row = this.rows.get(key(vendorId, contractId));
    return row ? Contract.fromSnapshot(row) : null;
  }

  update<T>(vendorId: string, contractId: string, fn: (contract: Contract) => T | Promise<T>): Promise<T> {
    const k = key(vendorId, contractId);
    const previous = this.locks.get(k) ?? Promise.resolve();
    const run = previous.then(async () => {
      const row = this.rows.get(k);
      if (!row) throw new ContractNotFound(contractId);
      const contract = Contract.fromSnapshot(row);
      const result = await fn(contract);
      this.rows.set(k, contract.toSnapshot());
      this.outbox.push(...contract.pullEvents());
      return result;
    });
    // The next update waits for this one whether it succeeds or fails.
    this.locks.set(
      k,
      run.catch(() => undefined),
    );
    return run;
  }

  async listByUser(vendorId: string, userId: string): Promise<Contract[]> {
    return [...this.rows.values()]
      .filter((c) => c.vendorId === vendorId && c.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((row) => Contract.fromSnapshot(row));
  }

  async list(vendorId: string, filter: ContractListFilter): Promise<Contract[]> {
    const found = [...this.rows.values()]
      .filter((c) => c.vendorId === vendorId && (filter.userId === undefined || c.userId === filter.userId))
      .filter((c) => filter.status === undefined || c.status === filter.status)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    return found.slice(filter.offset, filter.limit === null ? undefined : filter.offset + filter.limit).map((row) => Contract.fromSnapshot(row));
  }

  async listDueForAdvance(now: Date, limit: number, vendorId?: string): Promise<{ vendorId: string; contractId: string }[]> {
    return [...this.rows.values()]
      .filter((row) => vendorId === undefined || row.vendorId === vendorId)
      .map((row) => ({ row, at: nextTimedCheckAt(Contract.fromSnapshot(row)) }))
      .filter((x): x is { row: ContractSnapshot; at: Date } => x.at !== null && x.at <= now)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(0, limit)
      .map(({ row }) => ({ vendorId: row.vendorId, contractId: row.id }));
  }

  /** Events of one type, for assertions. */
  eventsOfType(type: string): DomainEvent[] {
    return this.outbox.filter((e) => e.type === type);
  }
}

export class InMemoryDiscountCodeRepository implements DiscountCodeRepository {
  readonly rows: DiscountCode[] = [];

  async add(code: DiscountCode): Promise<boolean> {
    if (await this.find(code.vendorId, code.code)) return false;
    this.rows.push(code);
    return true;
  }

  async list(vendorId: string): Promise<DiscountCode[]> {
    return this.rows.filter((c) => c.vendorId === vendorId).sort((a, b) => a.code.localeCompare(b.code));
  }

  async find(vendorId: string, code: string): Promise<DiscountCode | null> {
    const wanted = normalizeDiscountCode(code);
    return this.rows.find((c) => c.vendorId === vendorId && normalizeDiscountCode(c.code) === wanted) ?? null;
  }

  async redeem(vendorId: string, discountCodeId: string): Promise<boolean> {
    const index = this.rows.findIndex((c) => c.vendorId === vendorId && c.id === discountCodeId);
    if (index < 0) return false;
    const code = this.rows[index];
    if (code.maxRedemptions !== null && code.redemptions >= code.maxRedemptions) return false;
    this.rows[index] = { ...code, redemptions: code.redemptions + 1 };
    return true;
  }
}

/** Records the bills it is asked to send; `failWith` makes the next sends throw. */
export class RecordingBillInvoicing implements BillInvoicing {
  readonly sent: Bill[] = [];
  failWith: Error | null = null;
  async send(bill: Bill): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push(bill);
  }
}
