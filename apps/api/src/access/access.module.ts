import {
  AutoOnboard,
  CheckAccess,
  ContractAccessSource,
  EntitlementRepository,
  GetAccessInformation,
  GetReaderEntitlement,
  ListReaderEntitlements,
  ListUserEntitlements,
  ListVendorEntitlements,
  ReaderMayRead,
  SeatProvisioning,
  SyncContractAccess,
} from '@kiosk/domain/access';
import { GetVendor } from '@kiosk/domain/catalog';
import { ContractNotFound, GetContract, ProvisionSeat } from '@kiosk/domain/contracts';
import { ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { CONTRACTS } from '../contracts/contracts.module';
import { ENGAGEMENT } from '../engagement/engagement.module';
import { inTransaction } from '../platform/database/transaction';
import { EventObjectView } from '../platform/http/event-object-view';
import { boundAbove, defineModule } from '../platform/modules';
import { TypeOrmEventOutbox } from '../platform/outbox/event-outbox';
import { TOKENS } from '../platform/tokens';
import { AccessController } from './access.controller';
import { bindAccessLists } from './access-lists/access-lists.bindings';
import { AccessEraser } from './access.eraser';
import { entitlementEventView } from './access.event-views';
import { ACCESS_EVENT_TYPES, ContractAccessHandler } from './access.handlers';
import { AutoOnboardRules } from './auto-onboard-rules';
import { ConfiguredExternalAccess } from './configured-external-access';
import { accessViewOf } from './contract-access';
import { EntitlementWaiter } from './entitlement-waiter';
import { ContentProxy } from './proxy/content-proxy';
import { CatalogPageProducts, PaywallProducts } from './proxy/page-products';
import { TypeOrmEntitlementRepository } from './typeorm-entitlements.repository';
import { ManagementEntitlementsController } from './management-entitlements.controller';
import { IDENTITY } from '../identity/identity.module';
import { TypeOrmVendorEntitlementReads } from './management-entitlements.reads';
import { SIGNING_PORTS } from './signing-ports';

export { AutoOnboardRules } from './auto-onboard-rules';
/** The content proxy's address check, shared with the webhooks module's sender (no private, loopback or link-local addresses). */
export { isPublicAddress } from './proxy/safe-fetch';

export const ACCESS = {
  Entitlements: Symbol.for('EntitlementRepository') as ServiceIdentifier<EntitlementRepository>,
  Contracts: Symbol.for('ContractAccessSource') as ServiceIdentifier<ContractAccessSource>,
  Seats: Symbol.for('SeatProvisioning') as ServiceIdentifier<SeatProvisioning>,
  /** The paywalls module's `ContentEntitlements` port: `hasAccess({vendorId, userId, publisherContentId})`. */
  ContentEntitlements: Symbol.for('ContentEntitlements') as ServiceIdentifier<{
    hasAccess(query: { vendorId: string; userId: string; publisherContentId: string; skus?: readonly string[] }): Promise<boolean>;
  }>,
  /** The paywalls module's answer to "which products does this paywall sell" (the content proxy's page products); optional. */
  PaywallProducts: Symbol.for('PaywallProducts') as ServiceIdentifier<PaywallProducts>,
  /** The entitlement of an `entitlement.*` event, as `GET /entitlements/{id}` shows it (webhook payloads). */
  EntitlementEventView: Symbol.for('EntitlementEventView') as ServiceIdentifier<EventObjectView>,
  /** Ports bound by the capsule module: the signers of access tokens and content links, a product's capsule scopes. */
  ...SIGNING_PORTS,
};

/**
 * Entitlements granted and revoked from contract events, the reader's
 * entitlements and their access information, auto-onboarding and its rules,
 * and the content proxy.
 */
export const accessModule = defineModule({
  name: 'access',
  requires: ['catalog', 'identity', 'contracts', 'engagement'],
  register: ({ bind }) => {
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new AccessEraser(c.get(TOKENS.DataSource)));
    // Access lists and their grants (a source of entitlements), and signed links on request.
    bindAccessLists(bind);
    bind(ACCESS.Entitlements)
      .toDynamicValue((c) => new TypeOrmEntitlementRepository(c.get(TOKENS.DataSource), c.get(TOKENS.Clock)))
      .inSingletonScope();
    // The access module's own use case on the contract: a granted seat shows its entitlement.
    bind(ProvisionSeat).toDynamicValue((c) => new ProvisionSeat(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
    // GetContract is the contracts module's; it is looked up when an event is handled, so the
    // modules can load in any order.
    bind(ACCESS.Contracts).toDynamicValue((c) => ({
      find: async (vendorId, contractId) => {
        try {
          return accessViewOf(await c.get(GetContract).execute({ vendorId, contractId }));
        } catch (error) {
          if (error instanceof ContractNotFound) return null;
          throw error;
        }
      },
    }));
    bind(ACCESS.Seats).toDynamicValue((c) => ({
      provisioned: async (command) => void (await c.get(ProvisionSeat).execute(command)),
    }));

    bind(SyncContractAccess).toDynamicValue(
      (c) =>
        new SyncContractAccess(
          c.get(ACCESS.Contracts),
          c.get(ACCESS.Entitlements),
          c.get(CATALOG.Products),
          c.get(ACCESS.Seats),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
          new TypeOrmEventOutbox(c.get(TOKENS.DataSource)),
        ),
    );
    bind(ACCESS.EntitlementEventView).toDynamicValue((c) => entitlementEventView(c.get(ACCESS.Entitlements), c.get(TOKENS.Clock)));
    bind(ListUserEntitlements).toDynamicValue((c) => new ListUserEntitlements(c.get(ACCESS.Entitlements), c.get(TOKENS.Clock)));
    bind(CheckAccess).toDynamicValue((c) => new CheckAccess(c.get(ACCESS.Entitlements), c.get(TOKENS.Clock)));
    bind(ACCESS.ContentEntitlements).toDynamicValue((c) => c.get(CheckAccess));

    for (const eventType of ACCESS_EVENT_TYPES) {
      bind(TOKENS.EventHandler).toDynamicValue(
        (c) => new ContractAccessHandler(eventType, c.get(TOKENS.DataSource), c.get(SyncContractAccess)),
      );
    }

    const clock = TOKENS.Clock;
    bind(ListReaderEntitlements).toDynamicValue((c) => new ListReaderEntitlements(c.get(ACCESS.Entitlements), c.get(clock)));
    bind(GetReaderEntitlement).toDynamicValue((c) => new GetReaderEntitlement(c.get(ACCESS.Entitlements), c.get(clock)));
    bind(GetAccessInformation).toDynamicValue(
      (c) => new GetAccessInformation(c.get(ACCESS.Entitlements), boundAbove(c, ACCESS.TokenSigner), c.get(clock)),
    );
    // Engagement's port: a license or a fulfillment needs an active entitlement to the product.
    bind(ENGAGEMENT.LicenseEntitlements).toDynamicValue((c) => ({ hasActive: (query) => c.get(CheckAccess).execute(query) }));
    bind(ReaderMayRead).toDynamicValue((c) => new ReaderMayRead(c.get(ACCESS.Entitlements), c.get(clock)));
    bind(ConfiguredExternalAccess).toDynamicValue((c) => new ConfiguredExternalAccess(c.get(TOKENS.DataSource)));
    bind(AutoOnboard).toDynamicValue(
      (c) =>
        new AutoOnboard(
          c.get(CATALOG.Products),
          c.get(ACCESS.Entitlements),
          c.get(ConfiguredExternalAccess),
          c.get(TOKENS.Ids),
          c.get(clock),
          new TypeOrmEventOutbox(c.get(TOKENS.DataSource)),
        ),
    );
    bind(AutoOnboardRules).toDynamicValue((c) => new AutoOnboardRules(c.get(TOKENS.DataSource), c.get(CATALOG.Products), c.get(clock)));
    bind(EntitlementWaiter).toDynamicValue((c) => {
      const settings = c.get(TOKENS.Config).access;
      return new EntitlementWaiter(c.get(TOKENS.DataSource), c.get(TOKENS.Logger), {
        pollMs: settings.entitlementWaitPollMs,
        safetyPollMs: 5_000,
        maxWaiters: 1_000,
      });
    });
    bind(ContentProxy).toDynamicValue((c) => {
      const s = c.get(TOKENS.Config).access;
      const paywalls = c.get(ACCESS.PaywallProducts, { optional: true }) ?? null;
      return new ContentProxy(
        c.get(GetVendor),
        c.get(ReaderMayRead),
        {
          timeoutMs: s.proxyTimeoutMs,
          maxBytes: s.proxyMaxBytes,
          maxRedirects: 5,
          allowLoopback: s.proxyAllowLoopbackForTests,
          cacheTtlSeconds: s.proxyCacheTtlSeconds,
          cacheMaxEntries: s.proxyCacheMaxEntries,
        },
        undefined,
        new CatalogPageProducts(c.get(CATALOG.Products), paywalls),
      );
    });

    // GET /management/entitlements: the vendor's entitlements, a page at a time.
    bind(ListVendorEntitlements).toDynamicValue(
      (c) => new ListVendorEntitlements(new TypeOrmVendorEntitlementReads(c.get(TOKENS.DataSource), c.get(clock)), c.get(clock)),
    );
    bind(TOKENS.Controller).toDynamicValue((c) => new ManagementEntitlementsController(c.get(ListVendorEntitlements), c.get(IDENTITY.Users)));

    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new AccessController(
          {
            listEntitlements: c.get(ListReaderEntitlements),
            getEntitlement: c.get(GetReaderEntitlement),
            accessInformation: c.get(GetAccessInformation),
            // One transaction: the grants and their `entitlement.granted` events go together.
            autoOnboard: { execute: (command) => inTransaction(c.get(TOKENS.DataSource), () => c.get(AutoOnboard).execute(command)) },
          },
          c.get(EntitlementWaiter),
          c.get(TOKENS.Config).access.entitlementWaitMaxSeconds,
          c.get(ContentProxy),
          c.get(AutoOnboardRules),
        ),
    );
  },
});

/** Entitlements as SQL, for the paywall's one-statement reads of a signed-in reader (decision 25). */
export { holdsAccessSql, liveEntitlementsSql } from './typeorm-entitlements.repository';
