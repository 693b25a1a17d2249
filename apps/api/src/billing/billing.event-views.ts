import { BillRepository, TransactionRepository } from '@kiosk/domain/billing';
import { EventObjectView, payloadString, ViewedEvent } from '../platform/http/event-object-view';
import { billView, transactionView } from './billing.views';

/** The bill a contract event is about: `billId`, the issued `bill`, or the first of the past-due `billIds`. */
function billIdOf(event: ViewedEvent): string | null {
  const bill = event.payload.bill as { id?: unknown } | undefined;
  const pastDue = event.payload.billIds;
  if (payloadString(event, 'billId')) return payloadString(event, 'billId');
  if (typeof bill?.id === 'string') return bill.id;
  return Array.isArray(pastDue) && typeof pastDue[0] === 'string' ? pastDue[0] : null;
}

/** The bill as `GET /bills/{id}` shows it. */
export const billEventView =
  (bills: Pick<BillRepository, 'find'>): EventObjectView =>
  async (event) => {
    const billId = billIdOf(event);
    const bill = billId ? await bills.find(event.vendorId, billId) : null;
    return bill ? billView(bill) : null;
  };

/** The transaction (the event's aggregate) as `GET /transactions` lists it. */
export const transactionEventView =
  (transactions: Pick<TransactionRepository, 'listByBill'>): EventObjectView =>
  async (event) => {
    const billId = payloadString(event, 'billId');
    const found = billId ? (await transactions.listByBill(event.vendorId, billId)).find((t) => t.id === event.aggregateId) : undefined;
    return found ? { ...transactionView(found) } : null;
  };
