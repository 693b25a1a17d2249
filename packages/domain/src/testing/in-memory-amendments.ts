import { Amendment, AmendmentRepository } from '../contracts';

/** Amendments in a map; `confirm` is the conditional update the database makes. */
export class InMemoryAmendmentRepository implements AmendmentRepository {
  readonly rows = new Map<string, Amendment>();

  async add(amendment: Amendment): Promise<void> {
    this.rows.set(`${amendment.vendorId}\u0000${amendment.id}`, amendment);
  }

  async find(vendorId: string, contractId: string, amendmentId: string): Promise<Amendment | null> {
    const found = this.rows.get(`${vendorId}\u0000${amendmentId}`);
    return found && found.contractId === contractId ? found : null;
  }

  async confirm(amendment: Amendment): Promise<boolean> {
    const k = `${amendment.vendorId}\u0000${amendment.id}`;
    if (this.rows.get(k)?.status !== 'PENDING') return false;
    this.rows.set(k, amendment);
    return true;
  }
}
