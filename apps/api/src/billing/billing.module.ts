import {
  BillRepository,
  ContractPayments,
  EInvoiceRepository,
  GetBillingSettings,
  GetEInvoice,
  GetInvoiceDocument,
  ListCreditNotes,
  InvoicePdfRenderer,
  InvoicingFacts,
  IssueCreditNote,
  PaymentRefunds,
  RefundTransaction,
  QuoteCheckoutTax,
  QuoteContractTax,
  UpdateBillingSettings,
  VendorBillingSettingsRepository,
  GetBill,
  GetVendorBill,
  ListVendorBills,
  ListVendorTransactions,
  GetReaderBill,
  ListReaderBills,
  ReaderBillingReads,
  SearchReaderTransactions,
  InvoiceBill,
  issuingDraftsFirst,
  InvoiceDocumentRepository,
  InvoiceNumbers,
  InvoiceDraftRepository,
  RecordPayment,
  VoidBillsOfCanceledContract,
  TransactionRepository,
  GetReceipt,
  IssueReceipt,
  ReceiptNumbers,
  ReceiptRepository,
} from '@kiosk/domain/billing';
import { GetCheckoutSettings } from '@kiosk/domain/checkout';
import { Contract, EndContractForRefund, RecordBillPayment } from '@kiosk/domain/contracts';
import { CONTRACTS } from '../contracts/contracts.module';
import { Checkout, CheckoutAmountDue } from '@kiosk/domain/checkout';
import { taxView } from './billing.views';
import { ServiceIdentifier } from 'inversify';
import { IDENTITY } from '../identity/identity.module';
import { CATALOG } from '../catalog/catalog.module';
import { ENGAGEMENT } from '../engagement/engagement.module';
import { BillingSettingsController } from './billing-settings.controller';
import { InvoiceDocumentsController } from './invoice-documents.controller';
import { PdfLibInvoiceRenderer } from './invoice-pdf';
import { PortsInvoicingFacts } from './invoicing-facts';
import { vatNumberChecker } from './vat-number-checkers';
import { TypeOrmEInvoiceRepository, TypeOrmVendorBillingSettingsRepository } from './typeorm-billing-settings';
import { EventObjectView } from '../platform/http/event-object-view';
import { TypeOrmEventOutbox } from '../platform/outbox/event-outbox';
import { ConfigCache } from '../platform/cache/config-cache';
import { CachedVendorSettings } from '../platform/cache/cached-vendor-settings';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { BillsController } from './bills.controller';
import { ManagementBillingController } from './management-billing.controller';
import { ManagementRefundsController } from './management-refunds.controller';
import { TypeOrmVendorBillingReads } from './management-billing.reads';
import { ReaderBillsController } from './reader-bills.controller';
import { TypeOrmReaderBillingReads } from './reader-billing-reads';
import { EmbeddedMailer, MAIL } from '../mail/mail.module';
import { processNow } from '../platform/vendor-time';
import { DraftedInvoices, PostgresInvoiceDrafts, TypeOrmInvoiceIssueStep } from './invoice-drafts';
import { EmbeddedInvoicing, UnreachableInvoicing } from './invoicing';
import { BillingEraser } from './billing.eraser';
import { billEventView, transactionEventView } from './billing.event-views';
import { VoidBillsOnCancellation } from './billing.handlers';
import { PortsReceiptFacts, ReceiptLinks } from './receipt-facts';
import { PdfLibReceiptRenderer } from './receipt-pdf';
import { ReceiptsController } from './receipts.controller';
import { PostgresReceiptNumbers, TypeOrmReceiptRepository } from './typeorm-receipts';
import {
  PostgresInvoiceNumbers,
  TypeOrmBillRepository,
  TypeOrmInvoiceDocumentRepository,
  TypeOrmTransactionRepository,
} from './typeorm-billing.repositories';

export const BILLING = {
  Bills: Symbol.for('BillRepository') as ServiceIdentifier<BillRepository>,
  Transactions: Symbol.for('TransactionRepository') as ServiceIdentifier<TransactionRepository>,
  InvoiceDocuments: Symbol.for('InvoiceDocumentRepository') as ServiceIdentifier<InvoiceDocumentRepository>,
  InvoiceNumbers: Symbol.for('InvoiceNumbers') as ServiceIdentifier<InvoiceNumbers>,
  InvoiceDrafts: Symbol.for('InvoiceDrafts') as ServiceIdentifier<InvoiceDraftRepository>,
  ContractPayments: Symbol.for('ContractPayments') as ServiceIdentifier<ContractPayments>,
  /** The reader's bills and transactions, for the reader queries. */
  ReaderReads: Symbol.for('ReaderBillingReads') as ServiceIdentifier<ReaderBillingReads>,
  /** The bill a contract event names, as `GET /bills/{id}` shows it (webhook payloads). */
  BillEventView: Symbol.for('BillEventView') as ServiceIdentifier<EventObjectView>,
  /** The transaction of a `transaction.created` event, as `GET /transactions` lists it (webhook payloads). */
  TransactionEventView: Symbol.for('TransactionEventView') as ServiceIdentifier<EventObjectView>,
  /** The seller on a vendor's invoices and its VAT rate overrides. */
  Settings: Symbol.for('VendorBillingSettingsRepository') as ServiceIdentifier<VendorBillingSettingsRepository>,
  EInvoices: Symbol.for('EInvoiceRepository') as ServiceIdentifier<EInvoiceRepository>,
  InvoicePdf: Symbol.for('InvoicePdfRenderer') as ServiceIdentifier<InvoicePdfRenderer>,
  InvoicingFacts: Symbol.for('InvoicingFacts') as ServiceIdentifier<InvoicingFacts>,
  /** Refunds through the payment provider that took the payment: bound by the checkout module, which holds the providers. */
  PaymentRefunds: Symbol.for('PaymentRefunds') as ServiceIdentifier<PaymentRefunds>,
  /** The VAT of a checkout's price for the buyer's country, in the same shape (checkout views). */
  CheckoutTax: Symbol.for('CheckoutTaxView') as ServiceIdentifier<CheckoutTaxView>,
  /** What the buyer of a checkout pays: the gross of that quote (a tax-excluded price plus its VAT). */
  CheckoutAmountDue: Symbol.for('CheckoutAmountDue') as ServiceIdentifier<CheckoutAmountDue>,
  Receipts: Symbol.for('ReceiptRepository') as ServiceIdentifier<ReceiptRepository>,
  ReceiptNumbers: Symbol.for('ReceiptNumbers') as ServiceIdentifier<ReceiptNumbers>,
  ReceiptLinks: Symbol.for('ReceiptLinks') as ServiceIdentifier<ReceiptLinks>,
  ReceiptFacts: Symbol.for('ReceiptFacts') as ServiceIdentifier<PortsReceiptFacts>,
};


/** A checkout's `tax` field (docs/invoices.md). */
export type CheckoutTaxView = (checkout: Checkout) => Promise<ReturnType<typeof taxView>>;


// The mailer is the mail module's; re-exported for the modules that import it from here.
export { EmbeddedMailer } from '../mail/mail.module';

export const billingModule = defineModule({
  name: 'billing',
  requires: ['identity', 'contracts', 'catalog', 'engagement', 'mail'],
  register: ({ bind }) => {
    bind(IssueCreditNote).toDynamicValue(
      (c) =>
        new IssueCreditNote(issuingDraftsFirst(c.get(BILLING.InvoiceDocuments), c.get(InvoiceBill)), c.get(BILLING.InvoiceNumbers), c.get(EmbeddedMailer), c.get(TOKENS.Ids), c.get(TOKENS.Clock), {
          eInvoices: c.get(BILLING.EInvoices),
        }),
    );
    bind(VoidBillsOfCanceledContract).toDynamicValue(
      (c) => new VoidBillsOfCanceledContract(c.get(BILLING.Bills), c.get(TOKENS.Clock), c.get(IssueCreditNote)),
    );
    bind(TOKENS.EventHandler).toDynamicValue((c) => new VoidBillsOnCancellation(c.get(VoidBillsOfCanceledContract)));
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new BillingEraser(c.get(TOKENS.DataSource)));
    const db = TOKENS.DataSource;
    bind(BILLING.Bills).toDynamicValue((c) => new TypeOrmBillRepository(c.get(db))).inSingletonScope();
    bind(BILLING.Transactions).toDynamicValue((c) => new TypeOrmTransactionRepository(c.get(db))).inSingletonScope();
    bind(BILLING.InvoiceDocuments).toDynamicValue((c) => new TypeOrmInvoiceDocumentRepository(c.get(db))).inSingletonScope();
    bind(BILLING.InvoiceNumbers).toDynamicValue((c) => new PostgresInvoiceNumbers(c.get(db))).inSingletonScope();
    bind(BILLING.InvoiceDrafts).toDynamicValue((c) => new PostgresInvoiceDrafts(c.get(db), c.get(TOKENS.Clock))).inSingletonScope();
    bind(DraftedInvoices)
      .toDynamicValue((c) => new DraftedInvoices(c.get(InvoiceBill), c.get(BILLING.InvoiceDrafts), c.get(TOKENS.Logger), () => processNow(c.get(TOKENS.Clock))))
      .inSingletonScope();
    // Finishes invoices a process left drafted when it stopped between a confirm's two steps.
    bind(TOKENS.WorkerStep).toDynamicValue((c) => c.get(DraftedInvoices));
    // Cached per process: every confirm, bill and invoice reads them (platform/cache/cached-vendor-settings.ts).
    bind(BILLING.Settings)
      .toDynamicValue((c) => new CachedVendorSettings(new TypeOrmVendorBillingSettingsRepository(c.get(db)), c.get(ConfigCache), 'billing-settings'))
      .inSingletonScope();
    bind(BILLING.EInvoices).toDynamicValue((c) => new TypeOrmEInvoiceRepository(c.get(db))).inSingletonScope();
    bind(BILLING.InvoicePdf).toDynamicValue(() => new PdfLibInvoiceRenderer()).inSingletonScope();
    bind(BILLING.InvoicingFacts)
      .toDynamicValue(
        (c) =>
          new PortsInvoicingFacts({
            // The seller's name on every invoice: cached, a rename announced by the vendors table (migration 1767100000000).
            vendors: c.get(CATALOG.VendorNames),
            products: c.get(CATALOG.Products),
            profiles: c.get(ENGAGEMENT.Profiles),
            settings: c.get(BILLING.Settings),
            defaultLanguage: async (vendorId) => (await c.get(GetCheckoutSettings).execute(vendorId)).defaultLanguage,
            baseUrl: c.get(TOKENS.Config).baseUrl,
            vatNumbers: vatNumberChecker(c.get(TOKENS.Config).vatNumberCheck),
          }),
      )
      .inSingletonScope();
    // The contracts module's ports: a contract's VAT (its views) and the invoicing provider.
    bind(CONTRACTS.ContractTax).toDynamicValue((c) => {
      const quote = new QuoteContractTax(c.get(BILLING.InvoicingFacts));
      return async (contract: Contract) => taxView(await quote.execute({ contract: contract.toSnapshot(), price: contract.price }), contract.price.currency);
    });
    const quoteCheckout = (quote: QuoteCheckoutTax, checkout: Checkout) => {
      const s = checkout.toSnapshot();
      return quote.execute({
        vendorId: s.vendorId,
        lines: s.items.map((i) => ({ sku: i.sku, title: i.title, unitPrice: i.unitPrice, taxIncluded: i.taxIncluded })),
        price: s.price,
        country: checkout.buyerCountry,
        vatNumber: s.details.isBusiness ? s.details.vatNumber : null,
      });
    };
    bind(BILLING.CheckoutTax).toDynamicValue((c) => {
      const quote = new QuoteCheckoutTax(c.get(BILLING.InvoicingFacts));
      return async (checkout: Checkout) => taxView(await quoteCheckout(quote, checkout), checkout.price.currency);
    });
    bind(BILLING.CheckoutAmountDue).toDynamicValue((c) => {
      const quote = new QuoteCheckoutTax(c.get(BILLING.InvoicingFacts));
      return async (checkout: Checkout) => {
        const tax = await quoteCheckout(quote, checkout);
        return tax ? { minor: tax.gross, currency: checkout.price.currency } : checkout.price;
      };
    });
    // The mail module renders an invoice PDF attachment when it delivers the mail.
    bind(MAIL.InvoicePdfSource).toDynamicValue((c) => ({ invoices: c.get(BILLING.InvoiceDocuments), renderer: c.get(BILLING.InvoicePdf) }));
    // The contracts module binds RecordBillPayment; it is looked up when a payment is recorded, so the
    // modules can load in any order.
    bind(BILLING.ContractPayments).toDynamicValue((c) => ({
      billPaid: async (command) => void (await c.get(RecordBillPayment).execute(command)),
    }));

    bind(InvoiceBill).toDynamicValue(
      (c) =>
        new InvoiceBill(
          c.get(BILLING.Bills),
          c.get(BILLING.InvoiceDocuments),
          c.get(BILLING.InvoiceDrafts),
          c.get(EmbeddedMailer),
          c.get(IDENTITY.Users),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
          {
            facts: c.get(BILLING.InvoicingFacts),
            eInvoices: c.get(BILLING.EInvoices),
          },
          new TypeOrmInvoiceIssueStep(c.get(db)),
        ),
    );
    bind(CONTRACTS.Invoicing)
      .toDynamicValue((c) =>
        c.get(TOKENS.Config).invoicingProvider === 'unreachable'
          ? new UnreachableInvoicing()
          : new EmbeddedInvoicing(c.get(db), c.get(InvoiceBill), c.get(DraftedInvoices)),
      )
      .inSingletonScope();
    bind(RecordPayment).toDynamicValue(
      (c) =>
        new RecordPayment(
          c.get(BILLING.Bills),
          c.get(BILLING.Transactions),
          c.get(BILLING.ContractPayments),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
          new TypeOrmEventOutbox(c.get(db)),
          c.get(IssueReceipt),
        ),
    );

    // Receipts of paid bills (docs/invoices.md "Receipts").
    bind(BILLING.Receipts).toDynamicValue((c) => new TypeOrmReceiptRepository(c.get(db))).inSingletonScope();
    bind(BILLING.ReceiptNumbers).toDynamicValue((c) => new PostgresReceiptNumbers(c.get(db))).inSingletonScope();
    bind(BILLING.ReceiptLinks).toDynamicValue((c) => new ReceiptLinks(c.get(TOKENS.Config).secretsKey, c.get(TOKENS.Config).baseUrl)).inSingletonScope();
    bind(BILLING.ReceiptFacts)
      .toDynamicValue(
        (c) =>
          new PortsReceiptFacts({
            // Looked up when a receipt is issued: the contracts and checkout modules load after billing.
            contracts: () => c.get(CONTRACTS.Contracts),
            profiles: c.get(ENGAGEMENT.Profiles),
            vendors: c.get(CATALOG.Vendors),
            clients: c.get(IDENTITY.BrowserClients),
            color: async (vendorId) => (await c.get(GetCheckoutSettings).execute(vendorId)).color,
            defaultLanguage: async (vendorId) => (await c.get(GetCheckoutSettings).execute(vendorId)).defaultLanguage,
            links: c.get(BILLING.ReceiptLinks),
            baseUrl: c.get(TOKENS.Config).baseUrl,
          }),
      )
      .inSingletonScope();
    bind(IssueReceipt).toDynamicValue(
      (c) =>
        new IssueReceipt(
          c.get(BILLING.Receipts),
          c.get(BILLING.ReceiptNumbers),
          issuingDraftsFirst(c.get(BILLING.InvoiceDocuments), c.get(InvoiceBill)),
          c.get(IDENTITY.Users),
          c.get(BILLING.InvoicingFacts),
          c.get(BILLING.ReceiptFacts),
          c.get(EmbeddedMailer),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(GetReceipt).toDynamicValue((c) => new GetReceipt(c.get(BILLING.Bills), c.get(BILLING.Receipts)));
    bind(GetBill).toDynamicValue((c) => new GetBill(c.get(BILLING.Bills)));
    bind(BILLING.BillEventView).toDynamicValue((c) => billEventView(c.get(BILLING.Bills)));
    bind(BILLING.TransactionEventView).toDynamicValue((c) => transactionEventView(c.get(BILLING.Transactions)));

    bind(TOKENS.Controller).toDynamicValue((c) => new BillsController(c.get(RecordPayment)));

    // Invoices: the seller's settings, the vendor's invoice PDF and e-invoice; receipts at receiptUrl and the reader's PDFs.
    bind(GetBillingSettings).toDynamicValue((c) => new GetBillingSettings(c.get(BILLING.Settings)));
    bind(UpdateBillingSettings).toDynamicValue((c) => new UpdateBillingSettings(c.get(BILLING.Settings), c.get(TOKENS.Clock)));
    bind(GetInvoiceDocument).toDynamicValue((c) => new GetInvoiceDocument(c.get(BILLING.Bills), c.get(BILLING.InvoiceDocuments)));
    bind(GetEInvoice).toDynamicValue((c) => new GetEInvoice(c.get(BILLING.Bills), c.get(BILLING.EInvoices)));
    bind(TOKENS.Controller).toDynamicValue((c) => new BillingSettingsController(c.get(GetBillingSettings), c.get(UpdateBillingSettings)));
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new InvoiceDocumentsController(
          c.get(GetInvoiceDocument),
          c.get(GetEInvoice),
          c.get(BILLING.InvoicePdf),
          new ListCreditNotes(c.get(BILLING.Bills), c.get(BILLING.InvoiceDocuments)),
        ),
    );
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ReceiptsController(
          c.get(GetReceipt),
          c.get(GetInvoiceDocument),
          c.get(BILLING.InvoicePdf),
          new PdfLibReceiptRenderer(),
          c.get(BILLING.ReceiptFacts),
          c.get(BILLING.ReceiptLinks),
        ),
    );
    // The vendor's bills and transactions, read only (management-interface.md 3.5, 3.6).
    bind(TOKENS.Controller).toDynamicValue((c) => {
      const reads = new TypeOrmVendorBillingReads(c.get(db));
      return new ManagementBillingController({
        listBills: new ListVendorBills(reads),
        getBill: new GetVendorBill(c.get(BILLING.Bills)),
        listTransactions: new ListVendorTransactions(reads),
        users: c.get(IDENTITY.Users),
      });
    });
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ManagementRefundsController(
          new RefundTransaction(
            c.get(BILLING.Bills),
            c.get(BILLING.Transactions),
            boundAbove(c, BILLING.PaymentRefunds),
            c.get(TOKENS.Ids),
            c.get(TOKENS.Clock),
            new TypeOrmEventOutbox(c.get(db)),
            c.get(IssueCreditNote),
            { end: async (command) => void (await c.get(EndContractForRefund).execute(command)) },
          ),
        ),
    );

    // The reader's side: their bills and transactions.
    bind(BILLING.ReaderReads).toDynamicValue((c) => new TypeOrmReaderBillingReads(c.get(db)));
    bind(ListReaderBills).toDynamicValue((c) => new ListReaderBills(c.get(BILLING.ReaderReads)));
    bind(GetReaderBill).toDynamicValue((c) => new GetReaderBill(c.get(BILLING.Bills)));
    bind(SearchReaderTransactions).toDynamicValue((c) => new SearchReaderTransactions(c.get(BILLING.ReaderReads)));
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ReaderBillsController({
          listBills: c.get(ListReaderBills),
          getBill: c.get(GetReaderBill),
          transactions: c.get(SearchReaderTransactions),
        }),
    );
  },
});
