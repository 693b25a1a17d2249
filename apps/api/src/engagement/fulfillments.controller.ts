import { ListFulfillments, LoadFulfillments, RequestDelivery } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import {
  DeliveryAnswerView,
  FulfillmentsQuery,
  FulfillmentView,
  LoadFulfillmentsBody,
  ManagedFulfillmentView,
  RequestDeliveryBody,
} from './fulfillments.dto';
import { fulfillmentInput, fulfillmentView, managedFulfillmentView } from './fulfillments.views';
import {
  FULFILLMENT_EXAMPLE,
  FULFILLMENT_ID,
  LOAD_FULFILLMENTS_EXAMPLE,
  MANAGED_FULFILLMENT_EXAMPLE,
} from './engagement.examples';
import { readerOf } from './profile.controller';
import { BAD_FULFILLMENT_SKU, FULFILLMENT_NO_SUCH_USER, FULFILLMENT_NOT_DELIVERABLE, FULFILLMENT_NOT_FOUND, INVALID_BODY } from './engagement.error-examples';

/** The scope a vendor's key needs to load fulfillments (they are reader data: `users:write`, in the full preset). */
export const FULFILLMENTS_WRITE_SCOPE = 'users:write';

export class FulfillmentsController implements Controller {
  constructor(
    private readonly list: ListFulfillments,
    private readonly request: RequestDelivery,
    private readonly load: LoadFulfillments,
  ) {}

  routes() {
    return [
      route<unknown, FulfillmentsQuery>({
        method: 'get',
        path: '/fulfillments',
        operationId: 'listFulfillments',
        summary: "The reader's fulfillments of one SKU",
        description:
          'A fulfillment is one physical item to deliver to the reader (a printed issue, a book): PENDING until delivery ' +
          'is asked for, then DELIVERY_REQUESTED, SHIPPED and DELIVERED (or CANCELED). The vendor loads them with ' +
          '`POST /management/fulfillments`.',
        tags: ['fulfillments'],
        auth: { kind: 'user' },
        query: FulfillmentsQuery,
        examples: { query: { sku: FULFILLMENT_EXAMPLE.sku }, responses: { 200: [FULFILLMENT_EXAMPLE] } },
        responses: {
          200: { description: 'Fulfillment[] (interface 2.6a), oldest first', schema: [FulfillmentView] },
          400: BAD_FULFILLMENT_SKU('`sku` missing or malformed'),
        },
        handler: async ({ res, query, principal }) =>
          void res.json((await this.list.execute({ ...readerOf(principal), sku: query.sku })).map(fulfillmentView)),
      }),
      route<RequestDeliveryBody>({
        method: 'post',
        path: '/fulfillments/{id}/request-delivery',
        operationId: 'requestDelivery',
        summary: 'Asks for delivery of a PENDING fulfillment to the profile delivery (or billing) address',
        description:
          'The fulfillment is locked while the delivery provider is asked, so parallel requests make one delivery request; ' +
          'asking again answers `{ok: true}` without another. `{ok: false}` when the provider refuses.',
        tags: ['fulfillments'],
        auth: { kind: 'user' },
        body: { dto: RequestDeliveryBody },
        examples: { params: { id: FULFILLMENT_ID }, request: { sku: FULFILLMENT_EXAMPLE.sku }, responses: { 200: { ok: true } } },
        responses: {
          200: { description: '`{ok}`', schema: DeliveryAnswerView },
          404: FULFILLMENT_NOT_FOUND,
          409: FULFILLMENT_NOT_DELIVERABLE,
        },
        handler: async ({ res, body, params, principal }) =>
          void res.json(await this.request.execute({ ...readerOf(principal), id: params.id, sku: body.sku })),
      }),
      route<LoadFulfillmentsBody>({
        method: 'post',
        path: '/management/fulfillments',
        operationId: 'loadFulfillments',
        summary: 'Loads (inserts or updates by id) fulfillments of physical items for readers',
        description:
          `Needs the scope ${FULFILLMENTS_WRITE_SCOPE}. 1 to 500 per call, all or nothing; each user must be a user of the ` +
          'vendor (404 otherwise). A new fulfillment is PENDING with one copy and a numericId from a sequence unless given; ' +
          'a reload keeps what it leaves out. Status moves (SHIPPED, DELIVERED, CANCELED) are loaded the same way.',
        tags: ['management: fulfillments'],
        auth: { kind: 'bearer', scope: FULFILLMENTS_WRITE_SCOPE },
        body: { dto: LoadFulfillmentsBody },
        examples: { request: LOAD_FULFILLMENTS_EXAMPLE, responses: { 200: [MANAGED_FULFILLMENT_EXAMPLE] } },
        responses: {
          200: { description: 'The fulfillments as stored, by id', schema: [ManagedFulfillmentView] },
          400: INVALID_BODY('Invalid body', 'fulfillments', 'fulfillments must contain at least 1 elements'),
          404: FULFILLMENT_NO_SUCH_USER,
        },
        handler: async ({ res, body, principal }) => {
          const stored = await this.load.execute({ vendorId: principal.vendorId, fulfillments: body.fulfillments.map(fulfillmentInput) });
          res.json(stored.map(managedFulfillmentView));
        },
      }),
    ];
  }
}
