import { GetReaderBill, ListReaderBills, SearchReaderTransactions } from '@kiosk/domain/billing';
import { ARRAY, OBJECT, readerOf } from '../platform/http/reader';
import { Controller, route } from '../platform/http/routes';
import { TransactionsQuery } from './billing.dto';
import { BILL_ID, TAXED_BILL_EXAMPLE, TRANSACTION_EXAMPLE } from './billing.examples';
import { billView, transactionView } from './billing.views';
import { BILL_NOT_FOUND } from './billing.error-examples';

export interface ReaderBillingUseCases {
  listBills: ListReaderBills;
  getBill: GetReaderBill;
  transactions: SearchReaderTransactions;
}

const USER = { kind: 'user' } as const;
const NOT_FOUND = BILL_NOT_FOUND("No such record of the reader (another reader's or vendor's included)");

/** The reader's bills and transactions (interface 4.3). */
export class ReaderBillsController implements Controller {
  constructor(private readonly u: ReaderBillingUseCases) {}

  routes() {
    const u = this.u;
    return [
      route({
        method: 'get',
        path: '/bills',
        operationId: 'listMyBills',
        summary: 'Bills of the reader (as user or payer), newest first, without drafts and expired bills',
        description:
          'Every bill of a contract the reader holds or pays for: OPEN until paid, then PAID (VOID or REFUNDED when ' +
          'taken back). `price` is in major units of `currency`, what the reader pays with VAT; `tax` gives net, VAT, gross and ' +
          'rate (null on bills made before VAT was computed); `receiptUrl` is the invoice PDF, `null` when nothing was invoiced.',
        tags: ['reader: billing'],
        auth: USER,
        examples: { responses: { 200: [TAXED_BILL_EXAMPLE] } },
        responses: { 200: { description: 'Bills', schema: ARRAY } },
        handler: async ({ res, principal }) => {
          res.json((await u.listBills.execute(readerOf(principal))).map(billView));
        },
      }),
      route({
        method: 'get',
        path: '/bills/{id}',
        operationId: 'getMyBill',
        summary: 'One bill of the reader',
        description: "The same shape as in the list; another reader's bill is a 404.",
        tags: ['reader: billing'],
        auth: USER,
        examples: { params: { id: BILL_ID }, responses: { 200: TAXED_BILL_EXAMPLE } },
        responses: { 200: { description: 'The bill', schema: OBJECT }, 404: NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          res.json(billView(await u.getBill.execute({ ...readerOf(principal), billId: params.id })));
        },
      }),
      route<unknown, TransactionsQuery>({
        method: 'get',
        path: '/transactions',
        operationId: 'searchMyTransactions',
        summary: 'Transactions of the reader, newest first; `q` matches ids, bill ids, contract ids (part of) or an amount',
        description:
          'A transaction is money moved on a bill: a payment, or a refund (`isRefund`). Without `q`, every transaction ' +
          'of the reader; `amount` is in major units.',
        tags: ['reader: billing'],
        auth: USER,
        query: TransactionsQuery,
        examples: { query: { q: '99' }, responses: { 200: [TRANSACTION_EXAMPLE] } },
        responses: { 200: { description: 'Transactions', schema: ARRAY } },
        handler: async ({ res, query, principal }) => {
          res.json((await u.transactions.execute({ ...readerOf(principal), q: query.q })).map(transactionView));
        },
      }),
    ];
  }
}
