import { FakeClock } from '../fake-clock';
import { InMemoryEventOutbox } from '../in-memory-event-outbox';
import { InMemoryProductRepository, InMemoryPurchaseOptionRepository, InMemoryVendorRepository } from '../in-memory-catalog';
import { InMemoryContractRepository } from '../in-memory-contracts';
import { InMemoryUserRepository } from '../in-memory-identity';
import { SequentialIds } from '../sequential-ids';

/** What every module of the in-memory Kiosk shares: one clock, one id source, the stores several modules read, one outbox. */
export interface KioskCore {
  readonly clock: FakeClock;
  readonly ids: SequentialIds;
  readonly vendors: InMemoryVendorRepository;
  readonly products: InMemoryProductRepository;
  readonly purchaseOptions: InMemoryPurchaseOptionRepository;
  readonly users: InMemoryUserRepository;
  readonly contracts: InMemoryContractRepository;
  /** Events of use cases whose records are not aggregates (grants, payments, license claims, erasure). */
  readonly outbox: InMemoryEventOutbox;
}

export function kioskCore(start: Date | string | undefined, idPrefix: string | undefined): KioskCore {
  return {
    clock: new FakeClock(start),
    ids: new SequentialIds(idPrefix),
    vendors: new InMemoryVendorRepository(),
    products: new InMemoryProductRepository(),
    purchaseOptions: new InMemoryPurchaseOptionRepository(),
    users: new InMemoryUserRepository(),
    contracts: new InMemoryContractRepository(),
    outbox: new InMemoryEventOutbox(),
  };
}
