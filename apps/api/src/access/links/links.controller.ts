import { CreateContentLink } from '@kiosk/domain/access';
import { withServiceToken } from '@kiosk/domain/paywalls';
import { Controller, route } from '../../platform/http/routes';
import { CREATE_LINK_EXAMPLE, LINK_EXAMPLE } from '../access-lists/access-lists.examples';
import { CreateLinkBody, LinkView } from './links.dto';

/** POST /management/links: signed links to content, made on request (`links:create`). */
export class LinksController implements Controller {
  constructor(private readonly create: Pick<CreateContentLink, 'execute'>) {}

  routes() {
    return [
      route<CreateLinkBody>({
        method: 'post',
        path: '/management/links',
        operationId: 'createLink',
        summary: 'Make a signed link that opens a piece of content',
        description:
          'The link is a `service_token` (the signed link of the paywall, signed with the vendor\'s capsule service key): the capsule ' +
          'unlock route (`shareToken`) opens the resource it names for whoever presents it, and `/capsule/vendors/{vendorId}/verify` ' +
          'checks it. Name the content by `sku` (a product of the vendor, else 404 `PRODUCT.NOT_FOUND`: its `publisherContentId`, and ' +
          'its first capsule scope as the tier) or by `contentId` (the resource id; `tier` defaults to `premium`). `expiresAt` defaults ' +
          'to a week from now and may be at most 366 days away; `maxUses` (1 to 1,000,000; left out: no limit) is counted where the ' +
          'link is redeemed, atomically, so N parallel uses of a link with `maxUses` 1 open the content once. With `url`, the answer\'s ' +
          '`url` is that page with the `service_token` query parameter.',
        tags: ['management: links'],
        auth: { kind: 'bearer', scope: 'links:create' },
        body: { dto: CreateLinkBody },
        examples: { request: CREATE_LINK_EXAMPLE, responses: { 201: LINK_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: LinkView } },
        handler: async ({ res, body, principal }) => {
          const { link, token } = await this.create.execute({
            vendorId: principal.vendorId,
            sku: body.sku,
            contentId: body.contentId,
            tier: body.tier,
            expiresAt: body.expiresAt === undefined ? undefined : new Date(body.expiresAt),
            maxUses: body.maxUses,
            url: body.url,
          });
          res.status(201).json({
            id: link.id,
            token,
            url: link.url === null ? null : withServiceToken(link.url, token),
            sku: link.sku,
            contentId: link.contentId,
            tier: link.tier,
            maxUses: link.maxUses,
            expiresAt: link.expiresAt.toISOString(),
            createdAt: link.createdAt.toISOString(),
          });
        },
      }),
    ];
  }
}
