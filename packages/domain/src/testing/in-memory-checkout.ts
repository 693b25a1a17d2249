import {
  ChargeOutcome,
  Checkout,
  CheckoutNotFound,
  CheckoutRepository,
  CheckoutSettings,
  CheckoutSettingsRepository,
  CheckoutSnapshot,
  CheckoutStatus,
  PaymentProvider,
} from '../checkout';
import { DomainEvent } from '../shared';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;
/** Statuses a checkout can still be paid in; completed and expired ones are closed. */
const OPEN: readonly CheckoutStatus[] = ['PENDING', 'WAITING_PAYMENT_CONFIRMATION'];

/** Checkouts as snapshots; updates of one checkout run one after another, as under a row lock. */
export class InMemoryCheckoutRepository implements CheckoutRepository {
  readonly rows = new Map<string, CheckoutSnapshot>();
  readonly outbox: DomainEvent[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  async add(checkout: Checkout): Promise<void> {
    this.rows.set(key(checkout.vendorId, checkout.id), checkout.toSnapshot());
    this.outbox.push(...checkout.pullEvents());
  }

  async find(vendorId: string, checkoutId: string): Promise<Checkout | null> {
    const row = this.rows.get(key(vendorId, checkoutId));
    return row ? Checkout.fromSnapshot(row) : null;
  }

  update<T>(vendorId: string, checkoutId: string, fn: (checkout: Checkout) => T | Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const row = this.rows.get(key(vendorId, checkoutId));
      if (!row) throw new CheckoutNotFound(checkoutId);
      const checkout = Checkout.fromSnapshot(row);
      const result = await fn(checkout);
      this.rows.set(key(vendorId, checkoutId), checkout.toSnapshot());
      this.outbox.push(...checkout.pullEvents());
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  completeOnce(vendorId: string, checkoutId: string, fn: (checkout: Checkout) => Promise<void>): Promise<Checkout | null> {
    const run = this.queue.then(async () => {
      const row = this.rows.get(key(vendorId, checkoutId));
      if (!row || row.status === 'COMPLETED' || row.status === 'EXPIRED') return null;
      const checkout = Checkout.fromSnapshot(row);
      await fn(checkout);
      this.rows.set(key(vendorId, checkoutId), checkout.toSnapshot());
      this.outbox.push(...checkout.pullEvents());
      return checkout;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async listOpenOfVisitor(vendorId: string, visitorId: string): Promise<string[]> {
    return [...this.rows.values()]
      .filter((c) => c.vendorId === vendorId && c.owner.kind === 'visitor' && c.owner.visitorId === visitorId && OPEN.includes(c.status))
      .map((c) => c.id);
  }
}

export class InMemoryCheckoutSettingsRepository implements CheckoutSettingsRepository {
  readonly rows = new Map<string, CheckoutSettings>();
  async find(vendorId: string) {
    return this.rows.get(vendorId) ?? null;
  }
  async save(settings: CheckoutSettings) {
    this.rows.set(settings.vendorId, settings);
  }
}

/** A scripted provider: answers each charge with the outcome the card number names. */
export class ScriptedPaymentProvider implements PaymentProvider {
  readonly name = 'embedded';
  charges = 0;
  async charge(request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeOutcome> {
    this.charges += 1;
    const payment = { provider: this.name, method: 'card', reference: `ch_${request.checkoutId}`, brand: 'visa', description: '4242', savedMethod: null };
    if (request.input.number === 'decline') return { outcome: 'declined', reason: 'Your card was declined.' };
    if (request.input.number === 'action') return { outcome: 'requires_action', payment };
    return { outcome: 'succeeded', payment };
  }
  async confirm(request: { reference: string; approved: boolean }): Promise<ChargeOutcome> {
    if (!request.approved) return { outcome: 'declined', reason: 'abandoned' };
    return { outcome: 'succeeded', payment: { provider: this.name, method: 'card', reference: request.reference, brand: 'visa', description: '3155', savedMethod: null } };
  }
  async chargeSaved(): Promise<ChargeOutcome> {
    return { outcome: 'declined', reason: 'not scripted' };
  }
}
