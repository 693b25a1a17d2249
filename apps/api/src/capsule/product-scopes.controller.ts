import { ListProductScopes, MAX_SCOPES_PER_PRODUCT, SetProductScopes } from '@kiosk/domain/capsule';
import { Controller, route } from '../platform/http/routes';
import { PRODUCT_SCOPES_EXAMPLE } from './capsule.examples';
import { ProductScopesBody, ProductScopesView } from './product-scopes.dto';
import { BAD_SCOPES, NO_SUCH_PRODUCT } from './capsule.error-examples';

const TAGS = ['management: capsule'];
const READ = 'products:read';
const WRITE = 'products:write';

/** Which capsule scopes each product of the vendor grants its holders on unlock. */
export class ProductScopesController implements Controller {
  constructor(
    private readonly set: SetProductScopes,
    private readonly list: ListProductScopes,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/management/capsule/product-scopes',
        operationId: 'listCapsuleProductScopes',
        summary: 'The capsule scopes each mapped product grants, by sku',
        description: `Bearer token with the scope \`${READ}\`; the token's vendor only. Products that grant nothing are left out.`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: READ },
        examples: { responses: { 200: [PRODUCT_SCOPES_EXAMPLE] } },
        responses: { 200: { description: 'The mapping', schema: [ProductScopesView] } },
        handler: async ({ res, principal }) => void res.json(await this.list.execute({ vendorId: principal.vendorId })),
      }),
      route<ProductScopesBody>({
        method: 'put',
        path: '/management/capsule/product-scopes/{sku}',
        operationId: 'putCapsuleProductScopes',
        summary: "Set the capsule scopes a product grants; a reader's live entitlement for it unlocks content of those scopes",
        description:
          `Bearer token with the scope \`${WRITE}\`; the token's vendor only. Replaces the product's scopes ` +
          `(at most ${MAX_SCOPES_PER_PRODUCT}, each 1 to 64 characters without white space or control characters; repeats are dropped); ` +
          'an empty list removes the product from the mapping.',
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: ProductScopesBody },
        examples: {
          params: { sku: PRODUCT_SCOPES_EXAMPLE.sku },
          request: { scopes: PRODUCT_SCOPES_EXAMPLE.scopes },
          responses: { 200: PRODUCT_SCOPES_EXAMPLE },
        },
        responses: {
          200: { description: 'What the product grants now', schema: ProductScopesView },
          400: BAD_SCOPES,
          404: NO_SUCH_PRODUCT,
        },
        handler: async ({ res, body, params, principal }) =>
          void res.json(await this.set.execute({ vendorId: principal.vendorId, sku: params.sku, scopes: body.scopes })),
      }),
    ];
  }
}
