import { BillRecord, GetVendorBill, ListVendorBills, ListVendorTransactions } from '@kiosk/domain/billing';
import { Controller, route } from '../platform/http/routes';
import { TransactionView } from './billing.dto';
import { BILL_EXAMPLE, BILL_ID, READER_ID, TRANSACTION_EXAMPLE } from './billing.examples';
import { billView, transactionView } from './billing.views';
import { MANAGEMENT_BILL_SCHEMA, ManagementBillsQuery, ManagementTransactionsQuery } from './management-billing.dto';

export interface ManagementBillingUseCases {
  listBills: ListVendorBills;
  getBill: GetVendorBill;
  listTransactions: ListVendorTransactions;
}

/** The bill of interface 2.5 with its user and payer. */
export const managementBillView = (b: BillRecord) => ({ ...billView(b), userId: b.userId, payerId: b.payerId });

const BILL = { ...BILL_EXAMPLE, userId: READER_ID, payerId: null };
const PAGING =
  'A bare array (no envelope, no total), newest first. `limit` 1 to 500, default 50; `offset` from 0. `userId` matches ' +
  'the contract user or the payer billed for them.';

/** Management-interface 3.5 (bills) and 3.6 (transactions): read only. */
export class ManagementBillingController implements Controller {
  constructor(private readonly u: ManagementBillingUseCases) {}

  routes() {
    const u = this.u;
    return [
      route<unknown, ManagementBillsQuery>({
        method: 'get',
        path: '/management/bills',
        operationId: 'listManagementBills',
        summary: "The vendor's bills, a page at a time, by `userId` and `status`",
        description:
          `${PAGING} Every status is listed (DRAFT, OPEN, PAID, VOID, EXPIRED, REFUNDED): this is the vendor's ledger, ` +
          "unlike the reader's `GET /bills`. `price` is in major units; `receiptUrl` is `null` until a receipt exists.",
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        query: ManagementBillsQuery,
        examples: { query: { userId: READER_ID, status: 'PAID', limit: 50 }, responses: { 200: [BILL] } },
        responses: { 200: { description: 'The bills', schema: { type: 'array', items: MANAGEMENT_BILL_SCHEMA } } },
        handler: async ({ res, query, principal }) => {
          const bills = await u.listBills.execute({ vendorId: principal.vendorId, ...query });
          res.json(bills.map(managementBillView));
        },
      }),
      route({
        method: 'get',
        path: '/management/bills/{id}',
        operationId: 'getManagementBill',
        summary: 'One bill of the vendor',
        description: "The same shape as in the list; another vendor's bill is a 404 `BILL.NOT_FOUND`.",
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        examples: { params: { id: BILL_ID }, responses: { 200: BILL } },
        responses: { 200: { description: 'The bill', schema: MANAGEMENT_BILL_SCHEMA }, 404: { description: 'No such bill of the vendor' } },
        handler: async ({ res, params, principal }) => {
          res.json(managementBillView(await u.getBill.execute({ vendorId: principal.vendorId, billId: params.id })));
        },
      }),
      route<unknown, ManagementTransactionsQuery>({
        method: 'get',
        path: '/management/transactions',
        operationId: 'listManagementTransactions',
        summary: "The vendor's transactions, a page at a time, by `userId` and `type` (`payment` or `refund`)",
        description:
          `${PAGING} \`type\` \`payment\` lists transactions with \`isRefund\` false, \`refund\` those with it true. ` +
          'A transaction has no status (it is money that moved), so `status` is refused with a 400 rather than ignored. ' +
          '`amount` is in major units.',
        tags: ['management: transactions'],
        auth: { kind: 'bearer', scope: 'transactions:read' },
        query: ManagementTransactionsQuery,
        examples: { query: { userId: READER_ID, type: 'payment', limit: 50 }, responses: { 200: [TRANSACTION_EXAMPLE] } },
        responses: { 200: { description: 'The transactions', schema: [TransactionView] } },
        handler: async ({ res, query, principal }) => {
          const found = await u.listTransactions.execute({
            vendorId: principal.vendorId,
            userId: query.userId,
            type: query.type,
            limit: query.limit,
            offset: query.offset,
          });
          res.json(found.map(transactionView));
        },
      }),
    ];
  }
}
