import { ProductNotFound } from '../catalog';
import { Clock, ConflictError, DomainError, ForbiddenError, IdGenerator, InvalidError } from '../shared';
import { checkFulfillmentInput, Fulfillment, FULFILLMENT_SKU } from './fulfillment';
import { FulfillmentRepository } from './fulfillment-ports';
import { ReaderRef } from './profile-use-cases';

// POST /fulfillments, the public client's "create fulfillment" (a compatibility
// route, management-interface.md appendix): a reader asks for a physical item
// of a product they hold a live entitlement for.

/** Fulfillments one reader may hold of one product (every status counted), so a reader cannot flood the vendor. */
export const READER_FULFILLMENTS_PER_SKU = 100;

/** The catalog's answer: the vendor's product (its title and cover name the item), or null. */
export interface FulfillmentProducts {
  find(vendorId: string, sku: string): Promise<{ title: string; cover: string | null } | null>;
}

/** The access module's answer: does the reader hold a live entitlement for the sku? */
export interface FulfillmentEntitlements {
  hasActive(query: { vendorId: string; userId: string; sku: string }): Promise<boolean>;
}

export interface ReaderFulfillmentRequest extends ReaderRef {
  readonly sku: string;
  /** The item's name; the product's title when left out. */
  readonly title?: string;
  /** 1 to 10000; 1 when left out. */
  readonly copies?: number;
  /** The vendor's item (an issue, an edition) the reader asks for. */
  readonly itemId?: string;
}

/** The vendor rules' messages name the load's field (`fulfillments[0].title`); here the body's field. */
function ownFieldNames<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'invalid') throw error;
    const rename = (s: unknown) => (typeof s === 'string' ? s.replace(/fulfillments\[0\]\./g, '') : s);
    throw new InvalidError('FULFILLMENT.INVALID', String(rename(error.message)), { field: rename(error.details.field) });
  }
}

/**
 * The reader's own request. The sku must be a product of the vendor (404
 * PRODUCT.NOT_FOUND) the reader holds a live entitlement for (403
 * FULFILLMENT.NOT_ENTITLED). The fulfillment starts PENDING, as a loaded one
 * does, with an id of the service's and a numericId from the sequence; the
 * reader then asks for delivery, the vendor moves it on. The vendor's field
 * rules apply (title, copies, itemId).
 */
export class RequestFulfillment {
  constructor(
    private readonly fulfillments: FulfillmentRepository,
    private readonly products: FulfillmentProducts,
    private readonly entitlements: FulfillmentEntitlements,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(request: ReaderFulfillmentRequest): Promise<Fulfillment> {
    const { vendorId, userId, sku } = request;
    if (!FULFILLMENT_SKU.test(sku)) throw new InvalidError('FULFILLMENT.BAD_SKU', 'sku must be 1 to 128 letters, digits or _.:-');
    const product = await this.products.find(vendorId, sku);
    if (!product) throw new ProductNotFound(sku);
    if (!(await this.entitlements.hasActive({ vendorId, userId, sku }))) {
      throw new ForbiddenError('FULFILLMENT.NOT_ENTITLED', 'the reader holds no live entitlement for this product', { sku });
    }
    const input = ownFieldNames(() =>
      checkFulfillmentInput(
        {
          id: `reader-${this.ids.next()}`,
          userId,
          sku,
          title: request.title ?? product.title,
          cover: product.cover,
          status: 'PENDING',
          copies: request.copies ?? 1,
          itemId: request.itemId,
        },
        0,
      ),
    );
    if ((await this.fulfillments.listBySku(vendorId, userId, sku)).length >= READER_FULFILLMENTS_PER_SKU) {
      throw new ConflictError(
        'FULFILLMENT.TOO_MANY',
        `a reader holds at most ${READER_FULFILLMENTS_PER_SKU} fulfillments of one product`,
        { limit: READER_FULFILLMENTS_PER_SKU },
      );
    }
    const [stored] = await this.fulfillments.upsert(vendorId, [input], this.clock.now());
    return stored;
  }
}
