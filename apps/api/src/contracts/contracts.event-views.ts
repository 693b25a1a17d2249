import { Clock } from '@kiosk/domain';
import { ContractNotFound, GetContract, ListSeatUsers } from '@kiosk/domain/contracts';
import { ContractTaxView } from './contract.views';
import { EventObjectView, payloadString } from '../platform/http/event-object-view';
import { contractView, seatUserView } from './contract.views';

const unlessGone = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ContractNotFound) return null;
    throw error;
  }
};

/** The contract (the event's aggregate) as `GET /management/contracts/{id}` shows it. */
export const contractEventView =
  (get: GetContract, clock: Clock, baseUrl: string, taxOf: ContractTaxView | null = null): EventObjectView =>
  async (event) => {
    const contract = await unlessGone(() => get.execute({ vendorId: event.vendorId, contractId: event.aggregateId }));
    return contract ? { ...contractView(contract, clock.now(), baseUrl, taxOf ? await taxOf(contract) : null) } : null;
  };

/**
 * The seat an event names (`userId`, `sku`) as `GET /management/contracts/{id}/seats/users`
 * lists it, with `contractId`; null when the list does not show it (a removed seat).
 */
export const seatEventView =
  (list: ListSeatUsers): EventObjectView =>
  async (event) => {
    const userId = payloadString(event, 'userId');
    const sku = payloadString(event, 'sku');
    const seats = await unlessGone(() => list.execute({ vendorId: event.vendorId, contractId: event.aggregateId }));
    const seat = seats?.find((s) => s.userId === userId && s.sku === sku);
    return seat ? { ...seatUserView(seat), contractId: event.aggregateId } : null;
  };
