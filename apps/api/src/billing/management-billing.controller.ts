import { BillRecord, GetVendorBill, ListVendorBills, ListVendorTransactions } from '@kiosk/domain/billing';
import { readerFilter, UserRepository } from '@kiosk/domain/identity';
import { Controller, route } from '../platform/http/routes';
import { TransactionView } from './billing.dto';
import { BILL_EXAMPLE, BILL_ID, READER_ID, TRANSACTION_EXAMPLE } from './billing.examples';
import { billView, transactionView } from './billing.views';
import { MANAGEMENT_BILL_SCHEMA, ManagementBillsQuery, ManagementTransactionsQuery } from './management-billing.dto';
import { BILL_NOT_FOUND } from './billing.error-examples';

export interface ManagementBillingUseCases {
  listBills: ListVendorBills;
  getBill: GetVendorBill;
  listTransactions: ListVendorTransactions;
  /** The vendor's users by e-mail: the `email` filter of the lists. */
  users: Pick<UserRepository, 'findByEmail'>;
}

/** The bill of interface 2.5 with its user, its payer and the number of the invoice that asks for it. */
export const managementBillView = (b: BillRecord) => ({ ...billView(b), userId: b.userId, payerId: b.payerId, invoiceNumber: b.invoiceNumber });

const BILL = { ...BILL_EXAMPLE, userId: READER_ID, payerId: null, invoiceNumber: '000042' };
const PAGING =
  'A bare array (no envelope, no total), newest first. `limit` 1 to 500, default 50; `offset` from 0. `userId` matches ' +
  'the contract user or the payer billed for them; `email` does the same for the user with that whole e-mail address ' +
  '(case ignored; an empty list when no user has it; with `userId` too, both must name the same user; a malformed ' +
  'address is a 400 `USER.BAD_EMAIL`).';

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
        summary: "The vendor's bills, a page at a time, by `userId`, `email` and `status`",
        description:
          `${PAGING} Every status is listed (DRAFT, OPEN, PAID, VOID, EXPIRED, REFUNDED): this is the vendor's ledger, ` +
          "unlike the reader's `GET /bills`. `price` is in major units; `receiptUrl` is `null` until a receipt exists; " +
          '`invoiceNumber` is the number of the invoice that asks for the bill (its PDF at `.../invoice`), `null` when ' +
          'nothing was invoiced (a zero amount).',
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        query: ManagementBillsQuery,
        examples: { query: { userId: READER_ID, status: 'PAID', limit: 50 }, responses: { 200: [BILL] } },
        responses: { 200: { description: 'The bills', schema: { type: 'array', items: MANAGEMENT_BILL_SCHEMA } } },
        handler: async ({ res, query, principal }) => {
          const reader = await readerFilter(u.users, principal.vendorId, query);
          if (!reader) return void res.json([]);
          const bills = await u.listBills.execute({ vendorId: principal.vendorId, status: query.status, limit: query.limit, offset: query.offset, userId: reader.userId });
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
        responses: { 200: { description: 'The bill', schema: MANAGEMENT_BILL_SCHEMA }, 404: BILL_NOT_FOUND('No such bill of the vendor') },
        handler: async ({ res, params, principal }) => {
          res.json(managementBillView(await u.getBill.execute({ vendorId: principal.vendorId, billId: params.id })));
        },
      }),
      route<unknown, ManagementTransactionsQuery>({
        method: 'get',
        path: '/management/transactions',
        operationId: 'listManagementTransactions',
        summary: "The vendor's transactions, a page at a time, by `userId`, `email` and `type` (`payment` or `refund`)",
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
          const reader = await readerFilter(u.users, principal.vendorId, query);
          if (!reader) return void res.json([]);
          const found = await u.listTransactions.execute({
            vendorId: principal.vendorId,
            userId: reader.userId,
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
