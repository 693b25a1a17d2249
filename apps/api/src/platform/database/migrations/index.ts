import { Foundation1763683200000 } from './1763683200000-foundation';
import { Capsule1763700000000 } from './1763700000000-capsule';
import { Contracts1763710000000 } from './1763710000000-contracts';
import { BillingAccess1763720000000 } from './1763720000000-billing-access';
import { BrowserClients1763730000000 } from './1763730000000-browser-clients';
import { EngagementA1763750000000 } from './1763750000000-engagement-a';
import { Storefront1763770000000 } from './1763770000000-storefront';
import { Paywalls1763740000000 } from './1763740000000-paywalls';
import { EngagementB1763760000000 } from './1763760000000-engagement-b';
import { SignIn1763780000000 } from './1763780000000-sign-in';
import { CapsuleProductScopes1763790000000 } from './1763790000000-capsule-product-scopes';
import { CapsuleIssuerKeyRetirement1763800000000 } from './1763800000000-capsule-issuer-key-retirement';
import { Checkout1763800000000 } from './1763800000000-checkout';
import { HotPaths1763800170000 } from './1763800170000-hot-paths';
import { IdempotencyLease1763805000000 } from './1763805000000-idempotency-lease';
import { CheckoutProviderEvents1763810000000 } from './1763810000000-checkout-provider-events';
import { Webhooks1763900000000 } from './1763900000000-webhooks';
import { SignInPageMessages1763920000000 } from './1763920000000-sign-in-page-messages';
import { TestClocks1764000000000 } from './1764000000000-test-clocks';
import { CapsuleProductScopesAnnounce1764017000000 } from './1764017000000-capsule-product-scopes-announce';
import { Scripts1764030000000 } from './1764030000000-scripts';
import { AccessLists1764200000000 } from './1764200000000-access-lists';
import { StaffMemberships1764400000000 } from './1764400000000-staff-memberships';
import { PaywallDailyStats1764400100000 } from './1764400100000-paywall-daily-stats';
import { CheckoutFunnel1765400000000 } from './1765400000000-checkout-funnel';
import { VendorFirstKeys1764600000000 } from './1764600000000-vendor-first-keys';
import { InvoiceTax1764300000000 } from './1764300000000-invoice-tax';
import { ManagementLists1764100000000 } from './1764100000000-management-lists';
import { Sites1764700000000 } from './1764700000000-sites';
import { Receipts1765200000000 } from './1765200000000-receipts';

/**
 * Every migration, oldest first, one per line. Never edit one that has
 * shipped; add a new one with a later timestamp at the end.
 */
import { PaywallVersions1764800000000 } from './1764800000000-paywall-versions';
import { ReadLedgerFastPath1764900000000 } from './1764900000000-read-ledger-fast-path';
import { PaywallViewsCountedInProcess1765000000000 } from './1765000000000-paywall-views-counted-in-process';
import { RateLimits1765050000000 } from './1765050000000-rate-limits';
import { MailDeliveries1765300000000 } from './1765300000000-mail-deliveries';
import { JourneyCodes1765100000000 } from './1765100000000-journey-codes';
import { IdempotencyWritten1765500000000 } from './1765500000000-idempotency-written';
import { VendorPayeeAccount1765600000001 } from './1765600000001-vendor-payee-account';
import { VendorRateLimits1765850000000 } from './1765850000000-vendor-rate-limits';
import { BillPaymentReference1765900000000 } from './1765900000000-bill-payment-reference';
import { ReadWindowSummaries1766100000000 } from './1766100000000-read-window-summaries';
import { CreditNotesPerRefund1766500000000 } from './1766500000000-credit-notes-per-refund';
import { GaplessInvoiceNumbers1766600000000 } from './1766600000000-gapless-invoice-numbers';
import { ApiKeysAnnounce1766800000000 } from './1766800000000-api-keys-announce';
import { CatalogAndSettingsAnnounce1766900000000 } from './1766900000000-catalog-and-settings-announce';
import { InvoiceDrafts1767000000000 } from './1767000000000-invoice-drafts';
import { VendorNamesAnnounce1767100000000 } from './1767100000000-vendor-names-announce';
import { FullWindowRefusedWithoutLock1766700000000 } from './1766700000000-full-window-refused-without-lock';

export const MIGRATIONS = [
  Foundation1763683200000,
  Capsule1763700000000,
  Contracts1763710000000,
  BillingAccess1763720000000,
  BrowserClients1763730000000,
  EngagementA1763750000000,
  Paywalls1763740000000,
  EngagementB1763760000000,
  Storefront1763770000000,
  SignIn1763780000000,
  CapsuleProductScopes1763790000000,
  CapsuleIssuerKeyRetirement1763800000000,
  Checkout1763800000000,
  HotPaths1763800170000,
  IdempotencyLease1763805000000,
  CheckoutProviderEvents1763810000000,
  Webhooks1763900000000,
  SignInPageMessages1763920000000,
  TestClocks1764000000000,
  CapsuleProductScopesAnnounce1764017000000,
  Scripts1764030000000,
  StaffMemberships1764400000000,
  PaywallDailyStats1764400100000,
  VendorFirstKeys1764600000000,
  InvoiceTax1764300000000,
  AccessLists1764200000000,
  ManagementLists1764100000000,
  Sites1764700000000,
  PaywallVersions1764800000000,
  ReadLedgerFastPath1764900000000,
  PaywallViewsCountedInProcess1765000000000,
  RateLimits1765050000000,
  JourneyCodes1765100000000,
  Receipts1765200000000,
  MailDeliveries1765300000000,
  CheckoutFunnel1765400000000,
  IdempotencyWritten1765500000000,
  VendorPayeeAccount1765600000001,
  VendorRateLimits1765850000000,
  BillPaymentReference1765900000000,
  ReadWindowSummaries1766100000000,
  CreditNotesPerRefund1766500000000,
  GaplessInvoiceNumbers1766600000000,
  FullWindowRefusedWithoutLock1766700000000,
  ApiKeysAnnounce1766800000000,
  CatalogAndSettingsAnnounce1766900000000,
  InvoiceDrafts1767000000000,
  VendorNamesAnnounce1767100000000,
];
