import {
  BillRepository,
  ContractPayments,
  GetBill,
  GetReaderBill,
  ListReaderBills,
  ReaderBillingReads,
  SearchReaderTransactions,
  InvoiceBill,
  InvoiceDocumentRepository,
  InvoiceNumbers,
  RecordPayment,
  VoidBillsOfCanceledContract,
  TransactionRepository,
} from '@kiosk/domain/billing';
import { BillInvoicing, RecordBillPayment } from '@kiosk/domain/contracts';
import { ServiceIdentifier } from 'inversify';
import { IDENTITY } from '../identity/identity.module';
import { EventObjectView } from '../platform/http/event-object-view';
import { TypeOrmEventOutbox } from '../platform/outbox/event-outbox';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { BillsController } from './bills.controller';
import { ReaderBillsController } from './reader-bills.controller';
import { TypeOrmReaderBillingReads } from './reader-billing-reads';
import { EmbeddedMailer } from './embedded-mailer';
import { EmbeddedInvoicing, UnreachableInvoicing } from './invoicing';
import { BillingEraser } from './billing.eraser';
import { billEventView, transactionEventView } from './billing.event-views';
import { VoidBillsOnCancellation } from './billing.handlers';
import {
  PostgresInvoiceNumbers,
  TypeOrmBillRepository,
  TypeOrmInvoiceDocumentRepository,
  TypeOrmTransactionRepository,
} from './typeorm-billing.repositories';

export const BILLING = {
  /** The invoicing provider port of the contracts module, chosen by INVOICING_PROVIDER. */
  Invoicing: Symbol.for('BillInvoicing') as ServiceIdentifier<BillInvoicing>,
  Bills: Symbol.for('BillRepository') as ServiceIdentifier<BillRepository>,
  Transactions: Symbol.for('TransactionRepository') as ServiceIdentifier<TransactionRepository>,
  InvoiceDocuments: Symbol.for('InvoiceDocumentRepository') as ServiceIdentifier<InvoiceDocumentRepository>,
  InvoiceNumbers: Symbol.for('InvoiceNumbers') as ServiceIdentifier<InvoiceNumbers>,
  ContractPayments: Symbol.for('ContractPayments') as ServiceIdentifier<ContractPayments>,
  /** The reader's bills and transactions, for the reader queries. */
  ReaderReads: Symbol.for('ReaderBillingReads') as ServiceIdentifier<ReaderBillingReads>,
  /** The bill a contract event names, as `GET /bills/{id}` shows it (webhook payloads). */
  BillEventView: Symbol.for('BillEventView') as ServiceIdentifier<EventObjectView>,
  /** The transaction of a `transaction.created` event, as `GET /transactions` lists it (webhook payloads). */
  TransactionEventView: Symbol.for('TransactionEventView') as ServiceIdentifier<EventObjectView>,
};

export { EmbeddedMailer } from './embedded-mailer';

export const billingModule = defineModule({
  name: 'billing',
  requires: ['identity', 'contracts'],
  register: ({ bind }) => {
    bind(VoidBillsOfCanceledContract).toDynamicValue((c) => new VoidBillsOfCanceledContract(c.get(BILLING.Bills), c.get(TOKENS.Clock)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new VoidBillsOnCancellation(c.get(VoidBillsOfCanceledContract)));
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new BillingEraser(c.get(TOKENS.DataSource)));
    const db = TOKENS.DataSource;
    bind(BILLING.Bills).toDynamicValue((c) => new TypeOrmBillRepository(c.get(db))).inSingletonScope();
    bind(BILLING.Transactions).toDynamicValue((c) => new TypeOrmTransactionRepository(c.get(db))).inSingletonScope();
    bind(BILLING.InvoiceDocuments).toDynamicValue((c) => new TypeOrmInvoiceDocumentRepository(c.get(db))).inSingletonScope();
    bind(BILLING.InvoiceNumbers).toDynamicValue((c) => new PostgresInvoiceNumbers(c.get(db))).inSingletonScope();
    bind(EmbeddedMailer)
      .toDynamicValue((c) => new EmbeddedMailer(c.get(db), c.get(TOKENS.Ids), c.get(TOKENS.Clock)))
      .inSingletonScope();
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
          c.get(BILLING.InvoiceNumbers),
          c.get(EmbeddedMailer),
          c.get(IDENTITY.Users),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(BILLING.Invoicing)
      .toDynamicValue((c) =>
        c.get(TOKENS.Config).invoicingProvider === 'unreachable'
          ? new UnreachableInvoicing()
          : new EmbeddedInvoicing(c.get(db), c.get(InvoiceBill)),
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
        ),
    );
    bind(GetBill).toDynamicValue((c) => new GetBill(c.get(BILLING.Bills)));
    bind(BILLING.BillEventView).toDynamicValue((c) => billEventView(c.get(BILLING.Bills)));
    bind(BILLING.TransactionEventView).toDynamicValue((c) => transactionEventView(c.get(BILLING.Transactions)));

    bind(TOKENS.Controller).toDynamicValue((c) => new BillsController(c.get(RecordPayment)));

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
