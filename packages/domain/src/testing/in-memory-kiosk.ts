import {
  CheckAccess,
  CreateAccessList,
  CreateGrant,
  DeleteGrant,
  ImportGrants,
  ListUserEntitlements,
  SyncContractAccess,
  UpdateAccessList,
  UpdateGrant,
} from '../access';
import { createProduct, createPurchaseOption, NewPurchaseOption, Product, ProductFields, PurchaseOption } from '../catalog';
import { ConfirmContract, CreateContract, GetContract } from '../contracts';
import { CheckPaywallAccess, CreatePaywall, MergeVisitorReads, RecordPaywallAccess } from '../paywalls';
import { DomainEvent } from '../shared';
import { FakeClock } from './fake-clock';
import { InMemoryEventOutbox } from './in-memory-event-outbox';
import { EntitlementsWithGrants, InMemoryAccessGrantRepository, InMemoryAccessListRepository, UsersAsGrantees } from './in-memory-access-lists';
import { ContractsAsAccessSource, InMemoryEntitlementRepository, RecordingSeatProvisioning } from './in-memory-access';
import { InMemoryProductRepository, InMemoryPurchaseOptionRepository, InMemoryVendorRepository } from './in-memory-catalog';
import { InMemoryContractRepository, InMemoryDiscountCodeRepository, RecordingBillInvoicing } from './in-memory-contracts';
import { InMemoryUserRepository } from './in-memory-identity';
import { FakeSignedLinkIssuer, InMemoryPaywallRepository, InMemoryReadLedger, InMemoryStrategyRepository } from './in-memory-paywalls';
import { SequentialIds } from './sequential-ids';

export interface InMemoryKioskOptions {
  /** Where the fake clock starts (default 2026-01-01T00:00:00Z). */
  start?: Date | string;
  /** Prefix of the sequential ids (default `id-`). */
  idPrefix?: string;
}

/**
 * A whole Kiosk in memory: every port of the catalog, contracts, access
 * (with access lists and their grants) and paywalls modules as an in-memory
 * fake, every use case wired to them, one
 * fake clock and one event log. Cross-module effects go as in the service:
 * contracts record events (the outbox), and `deliverEvents()` plays the
 * worker, handing each contract event to the access module, which grants
 * or revokes entitlements; a grant in force on an access list is an
 * entitlement of the user with its e-mail at the moment it is read, as in
 * the service; the paywall asks the access module whether a reader is
 * entitled.
 *
 * ```ts
 * const kiosk = createInMemoryKiosk();
 * await kiosk.addProduct('acme', 'news', { title: 'News', productType: 'publication', publisherContentId: 'news' }, {...});
 * const contract = await kiosk.contracts.create.execute({...});
 * await kiosk.contracts.confirm.execute({ vendorId: 'acme', contractId: contract.id });
 * await kiosk.deliverEvents();
 * await kiosk.access.check.execute({ vendorId: 'acme', userId: contract.userId, sku: 'news' }); // true
 * ```
 */
export function createInMemoryKiosk(options: InMemoryKioskOptions = {}) {
  const clock = new FakeClock(options.start);
  const ids = new SequentialIds(options.idPrefix);

  const vendors = new InMemoryVendorRepository();
  const products = new InMemoryProductRepository();
  const purchaseOptions = new InMemoryPurchaseOptionRepository();
  const users = new InMemoryUserRepository();
  const contracts = new InMemoryContractRepository();
  const discountCodes = new InMemoryDiscountCodeRepository();
  const invoicing = new RecordingBillInvoicing();
  const storedEntitlements = new InMemoryEntitlementRepository();
  const accessLists = new InMemoryAccessListRepository();
  const grants = new InMemoryAccessGrantRepository();
  const seats = new RecordingSeatProvisioning();
  const paywalls = new InMemoryPaywallRepository();
  const strategies = new InMemoryStrategyRepository();
  const ledger = new InMemoryReadLedger();
  const links = new FakeSignedLinkIssuer();
  /** What the access module recorded (entitlements granted and revoked). */
  const outbox = new InMemoryEventOutbox();

  const entitlements = new EntitlementsWithGrants(storedEntitlements, accessLists, grants, users, clock);
  const grantees = new UsersAsGrantees(users);
  const grantCatalog = { products, options: purchaseOptions };
  const checkAccess = new CheckAccess(entitlements, clock);
  const syncAccess = new SyncContractAccess(new ContractsAsAccessSource(contracts), entitlements, products, seats, ids, clock, outbox);

  /** Every event delivered so far, in order (what the worker handled). */
  const events: DomainEvent[] = [];
  let delivered = 0;

  return {
    clock,
    ids,
    /** The event log: every event the worker has delivered, in order. */
    events,
    repositories: {
      vendors,
      products,
      purchaseOptions,
      users,
      contracts,
      discountCodes,
      entitlements: storedEntitlements,
      accessLists,
      grants,
      paywalls,
      strategies,
      ledger,
    },
    /** What left the system: bills sent for invoicing, seats reported, signed links issued, access events for the outbox. */
    recorded: { invoicing, seats, links, outbox },

    catalog: {
      /** Adds a product and one purchase option of it (the catalog's management use cases live in the service). */
      async addProduct(
        vendorId: string,
        sku: string,
        fields: ProductFields,
        option: Omit<NewPurchaseOption, 'vendorId' | 'sku'> & { id: string },
      ): Promise<{ product: Product; option: PurchaseOption }> {
        const now = clock.now();
        const product = createProduct(vendorId, sku, fields, now);
        const purchaseOption = createPurchaseOption({ ...option, vendorId, sku }, now);
        await products.add(product);
        await purchaseOptions.add(purchaseOption);
        return { product, option: purchaseOption };
      },
    },
    contracts: {
      create: new CreateContract(contracts, products, purchaseOptions, users, discountCodes, invoicing, ids, clock),
      confirm: new ConfirmContract(contracts, invoicing, clock),
      get: new GetContract(contracts),
    },
    access: {
      sync: syncAccess,
      list: new ListUserEntitlements(entitlements, clock),
      check: checkAccess,
      /** Access lists and their grants (a grant gives the user with its e-mail the product while it is in force). */
      lists: {
        create: new CreateAccessList(accessLists, ids, clock),
        update: new UpdateAccessList(accessLists, grants, clock, outbox),
        createGrant: new CreateGrant(accessLists, grants, grantCatalog, grantees, ids, clock, outbox),
        updateGrant: new UpdateGrant(accessLists, grants, grantCatalog, grantees, clock, outbox),
        deleteGrant: new DeleteGrant(accessLists, grants, grantees, clock, outbox),
        importGrants: new ImportGrants(accessLists, grants, grantCatalog, grantees, ids, clock, outbox),
      },
    },
    paywalls: {
      create: new CreatePaywall(paywalls, ids, clock),
      access: new RecordPaywallAccess(paywalls, ledger, checkAccess, links, clock),
      check: new CheckPaywallAccess(paywalls, ledger, checkAccess, clock),
      mergeVisitorReads: new MergeVisitorReads(ledger),
    },

    /**
     * Plays the worker: hands every event recorded since the last call to
     * its handlers (contract events bring the contract's entitlements in
     * line) and appends it to `events`. Answers how many it delivered.
     */
    async deliverEvents(): Promise<number> {
      const pending = contracts.outbox.slice(delivered);
      delivered = contracts.outbox.length;
      for (const event of pending) {
        if (event.type.startsWith('contract.')) await syncAccess.execute({ vendorId: event.vendorId, contractId: event.aggregateId });
        events.push(event);
      }
      return pending.length;
    },
  };
}

export type InMemoryKiosk = ReturnType<typeof createInMemoryKiosk>;
