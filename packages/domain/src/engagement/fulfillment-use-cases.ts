import { UserRepository } from '../identity/ports';
import { Clock, ConflictError, InvalidError, NotFoundError } from '../shared';
import {
  checkFulfillmentInput,
  Fulfillment,
  FULFILLMENT_SKU,
  FulfillmentInput,
  fulfillmentNotFound,
  MAX_FULFILLMENTS_PER_LOAD,
  requestDelivery,
} from './fulfillment';
import { DeliveryProvider, FulfillmentRepository } from './fulfillment-ports';
import { ProfileRepository } from './profile-ports';
import { ReaderRef } from './profile-use-cases';

const checkSku = (sku: string) => {
  if (!FULFILLMENT_SKU.test(sku)) throw new InvalidError('FULFILLMENT.BAD_SKU', 'sku must be 1 to 128 letters, digits or _.:-');
  return sku;
};

export class ListFulfillments {
  constructor(private readonly fulfillments: FulfillmentRepository) {}

  execute(query: ReaderRef & { sku: string }): Promise<Fulfillment[]> {
    return this.fulfillments.listBySku(query.vendorId, query.userId, checkSku(query.sku));
  }
}

/**
 * POST /fulfillments/{id}/request-delivery: with the fulfillment locked, a
 * PENDING one goes to the delivery provider once, with the reader's delivery
 * address (the billing address when there is none). Asking again answers ok
 * without a second request.
 */
export class RequestDelivery {
  constructor(
    private readonly fulfillments: FulfillmentRepository,
    private readonly profiles: ProfileRepository,
    private readonly provider: DeliveryProvider,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReaderRef & { id: string; sku: string }): Promise<{ ok: boolean }> {
    const sku = checkSku(command.sku);
    const now = this.clock.now();
    const outcome = await this.fulfillments.update(command.vendorId, command.userId, command.id, async (current) => {
      if (current.sku !== sku) throw fulfillmentNotFound(command.id);
      const { fulfillment, first } = requestDelivery(current, now);
      if (!first) return { next: null, result: { ok: true } };
      const details = await this.profiles.find(command.vendorId, command.userId);
      const address = details?.deliveryAddress ?? details?.billingAddress ?? null;
      if (!address) {
        throw new ConflictError('FULFILLMENT.NO_ADDRESS', 'set a delivery (or billing) address on the profile before requesting delivery');
      }
      const answer = await this.provider.requestDelivery({ fulfillment, address, requestedAt: now });
      if (!answer.ok) return { next: null, result: { ok: false } };
      return { next: { ...fulfillment, deliveryProvider: current.deliveryProvider ?? this.provider.name }, result: { ok: true } };
    });
    if (!outcome) throw fulfillmentNotFound(command.id);
    return outcome;
  }
}

/** The vendor loads fulfillments (management route and CLI): all or nothing, each for a user of the vendor. */
export class LoadFulfillments {
  constructor(
    private readonly fulfillments: FulfillmentRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; fulfillments: readonly FulfillmentInput[] }): Promise<Fulfillment[]> {
    if (command.fulfillments.length === 0 || command.fulfillments.length > MAX_FULFILLMENTS_PER_LOAD) {
      throw new InvalidError('FULFILLMENT.INVALID', `load 1 to ${MAX_FULFILLMENTS_PER_LOAD} fulfillments at a time`);
    }
    const checked = command.fulfillments.map((f, i) => checkFulfillmentInput(f, i));
    const ids = new Set(checked.map((f) => f.id));
    if (ids.size !== checked.length) throw new InvalidError('FULFILLMENT.INVALID', 'each fulfillment id may appear once per load');
    for (const userId of new Set(checked.map((f) => f.userId))) {
      const user = await this.users.find(command.vendorId, userId);
      if (!user) throw new NotFoundError('FULFILLMENT.NO_SUCH_USER', 'no such user for the vendor', { userId });
    }
    return this.fulfillments.upsert(command.vendorId, checked, this.clock.now());
  }
}
