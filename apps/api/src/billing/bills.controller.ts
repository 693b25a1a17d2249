import { RecordPayment } from '@kiosk/domain/billing';
import { Controller, route } from '../platform/http/routes';
import { RecordPaymentBody, TransactionView } from './billing.dto';
import { BILL_ID, RECORD_PAYMENT_EXAMPLE, TRANSACTION_EXAMPLE } from './billing.examples';
import { transactionView } from './billing.views';
import { BAD_PAYMENT_DATE, BILL_NOT_FOUND, NOT_PAYABLE } from './billing.error-examples';

export class BillsController implements Controller {
  constructor(private readonly recordPayment: RecordPayment) {}

  routes() {
    return [
      route<RecordPaymentBody>({
        method: 'post',
        path: '/management/bills/{billId}/payments',
        operationId: 'recordBillPayment',
        summary: 'Record that an invoiced bill was paid',
        description:
          'In one transaction the OPEN bill becomes PAID, a transaction is written and the contract hears of it ' +
          '(an OVERDUE contract with nothing else past due returns to ACTIVE). A bill that is not OPEN answers 409; ' +
          "another vendor's bill 404.",
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'contracts:write' },
        body: { dto: RecordPaymentBody },
        examples: { params: { billId: BILL_ID }, request: RECORD_PAYMENT_EXAMPLE, responses: { 201: TRANSACTION_EXAMPLE } },
        responses: {
          201: { description: 'The transaction that records the payment (amount in major units)', schema: TransactionView },
          400: BAD_PAYMENT_DATE,
          404: BILL_NOT_FOUND('No such bill for the vendor'),
          409: NOT_PAYABLE,
        },
        handler: async ({ res, body, params, principal }) => {
          const { transaction } = await this.recordPayment.execute({
            vendorId: principal.vendorId,
            billId: params.billId,
            paidAt: body.paidAt === undefined ? undefined : new Date(body.paidAt),
          });
          res.status(201).json(transactionView(transaction));
        },
      }),
    ];
  }
}
