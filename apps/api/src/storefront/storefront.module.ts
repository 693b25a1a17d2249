import {
  AutoOnboard,
  GetAccessInformation,
  GetReaderEntitlement,
  ListReaderEntitlements,
  ReaderMayRead,
} from '@kiosk/domain/access';
import { GetReaderBill, ListReaderBills, SearchReaderTransactions } from '@kiosk/domain/billing';
import { GetProduct, GetVendor, ListVendorsOfReader } from '@kiosk/domain/catalog';
import {
  AmendmentRepository,
  ConfirmAmendment,
  CreateAmendment,
  GetContract,
  GetReaderSubscription,
  ListPaymentIssues,
  ListReaderContracts,
  ListReaderSubscriptions,
  ListUpgradeOptions,
  RequestCancel,
} from '@kiosk/domain/contracts';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { ACCESS } from '../access/access.module';
import { BILLING } from '../billing/billing.module';
import { CapsuleKeyManagement } from '../capsule/capsule-keys.service';
import { SignedLinkSigner } from '../capsule/signed-links';
import { CATALOG } from '../catalog/catalog.module';
import { CONTRACTS } from '../contracts/contracts.module';
import { TOKENS } from '../platform/tokens';
import { AccessController } from './access.controller';
import { SignedLinkAccessTokens } from './access-token-signer';
import { AutoOnboardRules } from './auto-onboard-rules';
import { CommerceController } from './commerce.controller';
import { EntitlementWaiter } from './entitlement-waiter';
import { ContentProxy } from './proxy/content-proxy';
import { ConfiguredExternalAccess, TypeOrmAccountsByEmail, TypeOrmReaderBillingReads } from './reader-reads';
import { TypeOrmAmendmentRepository } from './typeorm-amendments.repository';

export const STOREFRONT = {
  Amendments: Symbol.for('AmendmentRepository') as ServiceIdentifier<AmendmentRepository>,
};

/**
 * The user-facing commerce routes. Use cases of the contracts, billing,
 * access and catalog modules, bound here for readers; dependencies of other
 * modules are looked up when first used, so modules load in any order.
 */
export const storefrontModule = new ContainerModule(({ bind }) => {
  const db = TOKENS.DataSource;
  const clock = TOKENS.Clock;
  bind(STOREFRONT.Amendments).toDynamicValue((c) => new TypeOrmAmendmentRepository(c.get(db)));
  bind(TypeOrmReaderBillingReads).toDynamicValue((c) => new TypeOrmReaderBillingReads(c.get(db)));

  bind(ListReaderContracts).toDynamicValue((c) => new ListReaderContracts(c.get(CONTRACTS.Contracts)));
  bind(ListUpgradeOptions).toDynamicValue(
    (c) => new ListUpgradeOptions(c.get(CONTRACTS.Contracts), c.get(CATALOG.Products), c.get(CATALOG.PurchaseOptions), c.get(clock)),
  );
  bind(CreateAmendment).toDynamicValue(
    (c) =>
      new CreateAmendment(
        c.get(CONTRACTS.Contracts),
        c.get(CATALOG.PurchaseOptions),
        c.get(CONTRACTS.DiscountCodes),
        c.get(STOREFRONT.Amendments),
        c.get(TOKENS.Ids),
        c.get(clock),
      ),
  );
  bind(ConfirmAmendment).toDynamicValue(
    (c) =>
      new ConfirmAmendment(
        c.get(CONTRACTS.Contracts),
        c.get(STOREFRONT.Amendments),
        c.get(CONTRACTS.DiscountCodes),
        c.get(BILLING.Invoicing),
        c.get(clock),
      ),
  );
  bind(ListReaderSubscriptions).toDynamicValue((c) => new ListReaderSubscriptions(c.get(CONTRACTS.Contracts)));
  bind(GetReaderSubscription).toDynamicValue((c) => new GetReaderSubscription(c.get(CONTRACTS.Contracts)));
  bind(ListPaymentIssues).toDynamicValue((c) => new ListPaymentIssues(c.get(CONTRACTS.Contracts), c.get(clock)));
  bind(ListReaderBills).toDynamicValue((c) => new ListReaderBills(c.get(TypeOrmReaderBillingReads)));
  bind(GetReaderBill).toDynamicValue((c) => new GetReaderBill(c.get(BILLING.Bills)));
  bind(SearchReaderTransactions).toDynamicValue((c) => new SearchReaderTransactions(c.get(TypeOrmReaderBillingReads)));

  bind(ListReaderEntitlements).toDynamicValue((c) => new ListReaderEntitlements(c.get(ACCESS.Entitlements), c.get(clock)));
  bind(GetReaderEntitlement).toDynamicValue((c) => new GetReaderEntitlement(c.get(ACCESS.Entitlements), c.get(clock)));
  bind(SignedLinkAccessTokens).toDynamicValue(
    (c) => new SignedLinkAccessTokens(c.get(SignedLinkSigner), c.get(CapsuleKeyManagement), c.get(TOKENS.Ids)),
  );
  bind(GetAccessInformation).toDynamicValue(
    (c) => new GetAccessInformation(c.get(ACCESS.Entitlements), c.get(SignedLinkAccessTokens), c.get(clock)),
  );
  bind(ReaderMayRead).toDynamicValue((c) => new ReaderMayRead(c.get(ACCESS.Entitlements), c.get(clock)));
  bind(ConfiguredExternalAccess).toDynamicValue((c) => new ConfiguredExternalAccess(c.get(db)));
  bind(AutoOnboard).toDynamicValue(
    (c) =>
      new AutoOnboard(c.get(CATALOG.Products), c.get(ACCESS.Entitlements), c.get(ConfiguredExternalAccess), c.get(TOKENS.Ids), c.get(clock)),
  );
  bind(AutoOnboardRules).toDynamicValue((c) => new AutoOnboardRules(c.get(db), c.get(CATALOG.Products), c.get(clock)));
  bind(GetProduct).toDynamicValue((c) => new GetProduct(c.get(CATALOG.Products)));
  bind(ListVendorsOfReader).toDynamicValue((c) => new ListVendorsOfReader(new TypeOrmAccountsByEmail(c.get(db)), c.get(CATALOG.Vendors)));
  bind(EntitlementWaiter).toDynamicValue((c) => {
    const settings = c.get(TOKENS.Config).storefront;
    return new EntitlementWaiter(c.get(db), c.get(TOKENS.Logger), {
      pollMs: settings.entitlementWaitPollMs,
      safetyPollMs: 5_000,
      maxWaiters: 1_000,
    });
  });
  bind(ContentProxy).toDynamicValue((c) => {
    const s = c.get(TOKENS.Config).storefront;
    return new ContentProxy(c.get(GetVendor), c.get(ReaderMayRead), {
      timeoutMs: s.proxyTimeoutMs,
      maxBytes: s.proxyMaxBytes,
      maxRedirects: 5,
      allowLoopback: s.proxyAllowLoopbackForTests,
      cacheTtlSeconds: s.proxyCacheTtlSeconds,
      cacheMaxEntries: s.proxyCacheMaxEntries,
    });
  });

  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new CommerceController(
        {
          listContracts: c.get(ListReaderContracts),
          getContract: c.get(GetContract),
          upgradeOptions: c.get(ListUpgradeOptions),
          cancel: c.get(RequestCancel),
          createAmendment: c.get(CreateAmendment),
          confirmAmendment: c.get(ConfirmAmendment),
          listBills: c.get(ListReaderBills),
          getBill: c.get(GetReaderBill),
          transactions: c.get(SearchReaderTransactions),
          listSubscriptions: c.get(ListReaderSubscriptions),
          getSubscription: c.get(GetReaderSubscription),
          paymentIssues: c.get(ListPaymentIssues),
        },
        c.get(clock),
        c.get(TOKENS.Config).baseUrl,
        c.get(TOKENS.Logger),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new AccessController(
        {
          listEntitlements: c.get(ListReaderEntitlements),
          getEntitlement: c.get(GetReaderEntitlement),
          accessInformation: c.get(GetAccessInformation),
          getProduct: c.get(GetProduct),
          autoOnboard: c.get(AutoOnboard),
          getVendor: c.get(GetVendor),
          listVendors: c.get(ListVendorsOfReader),
        },
        c.get(EntitlementWaiter),
        c.get(TOKENS.Config).storefront.entitlementWaitMaxSeconds,
        c.get(ContentProxy),
        c.get(AutoOnboardRules),
      ),
  );
});
