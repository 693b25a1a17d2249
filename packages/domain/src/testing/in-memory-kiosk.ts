import {
  AutoOnboard,
  CheckAccess,
  CreateAccessList,
  CreateGrant,
  DeleteGrant,
  GetAccessInformation,
  ImportGrants,
  ListUserEntitlements,
  ListVendorEntitlements,
  SyncContractAccess,
  UpdateAccessList,
  UpdateGrant,
} from '../access';
import { createProduct, createPurchaseOption, NewPurchaseOption, Product, ProductFields, PurchaseOption } from '../catalog';
import { AdvanceContract, ConfirmContract, CreateContract, GetContract, ListContracts, RequestCancel } from '../contracts';
import { CheckPaywallAccess, CreatePaywall, MergeVisitorReads, RecordPaywallAccess } from '../paywalls';
import { DomainEvent } from '../shared';
import { EntitlementsWithGrants, InMemoryAccessGrantRepository, InMemoryAccessListRepository, UsersAsGrantees } from './in-memory-access-lists';
import { ContractsAsAccessSource, InMemoryEntitlementRepository, RecordingSeatProvisioning } from './in-memory-access';
import { InMemoryVendorEntitlementReads, RecordingAccessTokenSigner, ScriptedExternalAccessProvider } from './in-memory-access-reads-and-signers';
import { InMemoryDiscountCodeRepository } from './in-memory-contracts';
import { FakeSignedLinkIssuer, InMemoryPaywallRepository, InMemoryReadLedger, InMemoryStrategyRepository } from './in-memory-paywalls';
import { wireBilling } from './kiosk/billing';
import { wireCapsule } from './kiosk/capsule';
import { wireCheckout } from './kiosk/checkout';
import { kioskCore } from './kiosk/core';
import { wireEngagement } from './kiosk/engagement';
import { wireAccounts } from './kiosk/identity';
import { wireWebhooks } from './kiosk/webhooks';

export interface InMemoryKioskOptions {
  /** Where the fake clock starts (default 2026-01-01T00:00:00Z). */
  start?: Date | string;
  /** Prefix of the sequential ids (default `id-`). */
  idPrefix?: string;
}

/**
 * A whole Kiosk in memory: every module (catalog, identity's reader
 * accounts, contracts, billing, access with access lists, paywalls,
 * checkout, capsule, engagement, webhooks) on in-memory fakes, every use
 * case wired to them, one fake clock and one event log. Cross-module effects
 * go as in the service: a contract's bills are invoiced by billing inside
 * the contract's step; a payment tells the contract; a paid checkout makes
 * confirmed contracts with paid bills; events go to the outbox, and
 * `deliverEvents()` plays the worker: contract events bring entitlements in
 * line (and void the bills of a canceled contract), and every event is
 * fanned out to the vendor's subscribed webhook endpoints as a recorded
 * delivery. A grant in force on an access list is an entitlement of the user
 * with its e-mail; the paywall, the checkout, the capsule and license claims
 * ask the access module whether a reader is entitled.
 *
 * ```ts
 * const kiosk = createInMemoryKiosk();
 * await kiosk.catalog.addProduct('acme', 'news', { title: 'News', productType: 'publication', publisherContentId: 'news' }, {...});
 * const contract = await kiosk.contracts.create.execute({...});
 * await kiosk.contracts.confirm.execute({ vendorId: 'acme', contractId: contract.id });
 * await kiosk.deliverEvents();
 * await kiosk.access.check.execute({ vendorId: 'acme', userId: contract.userId, sku: 'news' }); // true
 * ```
 */
export function createInMemoryKiosk(options: InMemoryKioskOptions = {}) {
  const core = kioskCore(options.start, options.idPrefix);
  const { clock, ids, vendors, products, purchaseOptions, users, contracts, outbox } = core;

  const discountCodes = new InMemoryDiscountCodeRepository();
  const storedEntitlements = new InMemoryEntitlementRepository();
  const accessLists = new InMemoryAccessListRepository();
  const grants = new InMemoryAccessGrantRepository();
  const seats = new RecordingSeatProvisioning();
  const paywalls = new InMemoryPaywallRepository();
  const strategies = new InMemoryStrategyRepository();
  const ledger = new InMemoryReadLedger();
  const links = new FakeSignedLinkIssuer();
  const accessTokens = new RecordingAccessTokenSigner();
  const externalAccess = new ScriptedExternalAccessProvider();

  const billing = wireBilling(core);
  const invoicing = billing.invoicing;
  const createContract = new CreateContract(contracts, products, purchaseOptions, users, discountCodes, invoicing, ids, clock);

  const entitlements = new EntitlementsWithGrants(storedEntitlements, accessLists, grants, users, clock);
  const grantees = new UsersAsGrantees(users);
  const grantCatalog = { products, options: purchaseOptions };
  const checkAccess = new CheckAccess(entitlements, clock);
  const listEntitlements = new ListUserEntitlements(entitlements, clock);
  const syncAccess = new SyncContractAccess(new ContractsAsAccessSource(contracts), entitlements, products, seats, ids, clock, outbox);

  const accounts = wireAccounts(core);
  const engagement = wireEngagement(core, (query) => checkAccess.execute(query));
  const capsule = wireCapsule(core, listEntitlements);
  const checkout = wireCheckout(core, { discountCodes, createContract, recordPayment: billing.useCases.pay, checkAccess });
  const webhooks = wireWebhooks(core);

  /** Every event delivered so far, in order (what the worker handled). */
  const events: DomainEvent[] = [];
  // Every outbox of the kit, and how far the worker has read each.
  const outboxes: { events: readonly DomainEvent[]; read: number }[] = [
    contracts.outbox,
    outbox.events,
    checkout.repositories.checkouts.outbox,
    paywalls.outbox,
    strategies.outbox,
  ].map((list) => ({ events: list, read: 0 }));

  async function handle(event: DomainEvent): Promise<void> {
    if (event.type.startsWith('contract.')) await syncAccess.execute({ vendorId: event.vendorId, contractId: event.aggregateId });
    if (event.type === 'contract.canceled') {
      await billing.useCases.voidBillsOfCanceledContract.execute({ vendorId: event.vendorId, contractId: event.aggregateId });
    }
    await webhooks.deliveries.fanOut(event);
  }

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
      ...billing.repositories,
      ...engagement.repositories,
      credentials: accounts.repositories.credentials,
      signUpLinks: accounts.repositories.links,
      resetTokens: accounts.repositories.resetTokens,
      checkouts: checkout.repositories.checkouts,
      checkoutSettings: checkout.repositories.settings,
      capsuleKeys: capsule.repositories.keys,
      productScopes: capsule.repositories.scopes,
      shareTokenUses: capsule.repositories.shareTokenUses,
      webhookEndpoints: webhooks.repositories.endpoints,
    },
    /**
     * What left the system: bills sent for invoicing, e-mails, seats
     * reported, signed links and access tokens issued, events of the
     * non-aggregate outbox, webhook deliveries, delivery requests, card charges.
     */
    recorded: {
      invoicing,
      mailer: billing.mailer,
      accountMail: accounts.mail,
      seats,
      links,
      accessTokens,
      outbox,
      webhooks: webhooks.deliveries,
      delivery: engagement.recorded.delivery,
      supportSessions: engagement.recorded.supportSigner,
      erased: engagement.recorded.eraser,
      card: checkout.provider,
    },

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
    accounts: accounts.useCases,
    contracts: {
      create: createContract,
      confirm: new ConfirmContract(contracts, invoicing, clock),
      get: new GetContract(contracts),
      list: new ListContracts(contracts),
      requestCancel: new RequestCancel(contracts, clock),
      /** Moves a contract on to the clock's now (renewal, overdue, cancellation at the period's end). */
      advance: new AdvanceContract(contracts, invoicing, clock),
    },
    billing: billing.useCases,
    access: {
      sync: syncAccess,
      list: listEntitlements,
      check: checkAccess,
      listVendorEntitlements: new ListVendorEntitlements(new InMemoryVendorEntitlementReads(storedEntitlements), clock),
      /** Access information with a token from `recorded.accessTokens`. */
      information: new GetAccessInformation(entitlements, accessTokens, clock),
      /** Auto-onboarding; say what the external system grants with `externalAccess.grant(vendorId, sku, skus)`. */
      autoOnboard: new AutoOnboard(products, entitlements, externalAccess, ids, clock, outbox),
      externalAccess,
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
    checkout: checkout.useCases,
    capsule: capsule.useCases,
    engagement: engagement.useCases,
    webhooks: webhooks.useCases,

    /**
     * Plays the worker: hands every event recorded since the last call, in
     * every outbox, to its handlers (until handling records no more) and
     * appends it to `events`. Answers how many it delivered.
     */
    async deliverEvents(): Promise<number> {
      let delivered = 0;
      for (let more = true; more; ) {
        more = false;
        for (const box of outboxes) {
          while (box.read < box.events.length) {
            const event = box.events[box.read];
            box.read += 1;
            await handle(event);
            events.push(event);
            delivered += 1;
            more = true;
          }
        }
      }
      return delivered;
    },
  };
}

export type InMemoryKiosk = ReturnType<typeof createInMemoryKiosk>;
