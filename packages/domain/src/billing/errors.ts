import { ConflictError, InvalidError, NotFoundError } from '../shared';

export class BillNotFound extends NotFoundError {
  constructor(billId: string) {
    super('BILL.NOT_FOUND', `no bill ${billId}`, { billId });
  }
}

/** Only an OPEN bill can be paid; paying it twice, or a void one, is a conflict. */
export class BillNotPayable extends ConflictError {
  constructor(billId: string, status: string) {
    super('BILL.NOT_PAYABLE', `bill ${billId} is ${status}; only an OPEN bill can be paid`, { billId, status });
  }
}

export class BadPaymentDate extends InvalidError {
  constructor(why: string) {
    super('BILL.BAD_PAYMENT_DATE', `paidAt ${why}`, { why });
  }
}

/** A drafted invoice another step issued first (a worker's sweep racing a slow request): this step's writes are undone. */
export class InvoiceIssuedElsewhere extends ConflictError {
  constructor(billId: string) {
    super('BILL.INVOICE_ISSUED_ELSEWHERE', `the invoice of bill ${billId} was issued by another step`, { billId });
  }
}
