import { READER_FULFILLMENTS_PER_SKU, RequestFulfillment } from '@kiosk/domain/engagement';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Controller, route } from '../platform/http/routes';
import { COMPATIBILITY_LABEL, compatibilityDescription } from './compat.routes';
import { FULFILLMENT_EXAMPLE } from './engagement.examples';
import { FulfillmentView } from './fulfillments.dto';
import { fulfillmentView } from './fulfillments.views';
import { readerOf } from './profile.controller';
import { BAD_FULFILLMENT_SKU, FULFILLMENT_NOT_ENTITLED, FULFILLMENT_TOO_MANY, PRODUCT_NOT_FOUND } from './engagement.error-examples';

/** Body of `POST /fulfillments` (untyped in the public client): these fields only, anything else is a 400. */
export class CreateFulfillmentBody {
  @IsString() @MaxLength(128) sku!: string;
  @IsOptional() @IsString() @MaxLength(300) title?: string;
  @IsOptional() @IsInt() @Min(1) @Max(10_000) copies?: number;
  @IsOptional() @IsString() @MaxLength(128) itemId?: string;
}

const EXAMPLE_ANSWER = {
  ...FULFILLMENT_EXAMPLE,
  id: 'reader-0190a4c3-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  deliveryProvider: null,
  deliversAt: null,
};

/** The public client's `POST /fulfillments`, which interface-spec.md lacks (management-interface.md, appendix). */
export class FulfillmentsCompatController implements Controller {
  constructor(private readonly create: RequestFulfillment) {}

  routes() {
    return [
      route<CreateFulfillmentBody>({
        method: 'post',
        path: '/fulfillments',
        operationId: 'createFulfillmentCompat',
        summary: "The reader asks for a physical item of a product they are entitled to (compatibility route)",
        description: compatibilityDescription(
          'post',
          '/fulfillments',
          'POST /management/fulfillments (the vendor loads fulfillments) and POST /fulfillments/{id}/request-delivery',
          'A signed-in reader (bearer user token or cookie session). Body `{sku, title?, copies?, itemId?}`; any other ' +
            'field is 400. The sku must be a product of the vendor (404 PRODUCT.NOT_FOUND) the reader holds a live ' +
            'entitlement for (403 FULFILLMENT.NOT_ENTITLED). The fulfillment starts `PENDING`, as one the vendor loads: ' +
            "the id is the service's, `numericId` comes from the sequence, `title` and `cover` are the product's unless " +
            '`title` is given, `copies` is 1 unless given (1 to 10000). The reader then asks for delivery with ' +
            `\`POST /fulfillments/{id}/request-delivery\`. At most ${READER_FULFILLMENTS_PER_SKU} per reader and product ` +
            '(409 FULFILLMENT.TOO_MANY).',
        ),
        tags: ['fulfillments', COMPATIBILITY_LABEL],
        auth: { kind: 'user' },
        body: { dto: CreateFulfillmentBody },
        examples: {
          request: { sku: FULFILLMENT_EXAMPLE.sku, title: FULFILLMENT_EXAMPLE.title, copies: 1, itemId: FULFILLMENT_EXAMPLE.itemId },
          responses: { 201: EXAMPLE_ANSWER },
        },
        responses: {
          201: { description: 'The Fulfillment (interface 2.6a), PENDING', schema: FulfillmentView },
          400: BAD_FULFILLMENT_SKU('Invalid body (unknown field, malformed sku, title or itemId with control characters, copies)'),
          403: FULFILLMENT_NOT_ENTITLED,
          404: PRODUCT_NOT_FOUND('No such product of the vendor (PRODUCT.NOT_FOUND)'),
          409: FULFILLMENT_TOO_MANY(READER_FULFILLMENTS_PER_SKU),
        },
        handler: async ({ res, body, principal }) => {
          const created = await this.create.execute({ ...readerOf(principal), ...body });
          res.status(201).json(fulfillmentView(created));
        },
      }),
    ];
  }
}
