import { ProductNotFound, ProductRepository } from '../../catalog';
import { Clock, IdGenerator, InvalidError } from '../../shared';

/** How long a link made on request lives when the caller names no end. */
export const LINK_DEFAULT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest a link may live. */
export const LINK_MAX_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;
/** The tier a link carries when neither the caller nor the product's capsule scopes name one. */
export const LINK_DEFAULT_TIER = 'premium';

/** A signed link to content, made on request (POST /management/links). */
export interface ContentLink {
  readonly id: string;
  readonly vendorId: string;
  readonly sku: string | null;
  readonly contentId: string;
  readonly tier: string;
  /** Null: no limit. */
  readonly maxUses: number | null;
  readonly url: string | null;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export interface ContentLinkRequest {
  readonly vendorId: string;
  readonly sku?: string;
  readonly contentId?: string;
  readonly tier?: string;
  readonly expiresAt?: Date;
  readonly maxUses?: number;
  readonly url?: string;
}

/** Signs a link as a `service_token` the capsule unlock honours (and counts the uses of); the adapter owns the keys. */
export interface ContentLinkSigner {
  sign(link: ContentLink): Promise<string>;
}

/** The capsule scopes a product opens, first the one a link should carry. */
export interface ProductTiers {
  tiersOf(vendorId: string, sku: string): Promise<readonly string[]>;
}

const invalid = (field: string, message: string) => new InvalidError('LINK.INVALID', `${field} ${message}`, { errors: [{ field, message }] });

/** The link's end: in the future, at most a year away; a week when not given. */
export function linkExpiry(expiresAt: Date | undefined, now: Date): Date {
  if (expiresAt === undefined) return new Date(now.getTime() + LINK_DEFAULT_LIFETIME_MS);
  if (expiresAt.getTime() <= now.getTime()) throw invalid('expiresAt', 'must be in the future');
  if (expiresAt.getTime() - now.getTime() > LINK_MAX_LIFETIME_MS) throw invalid('expiresAt', 'must be at most 366 days away');
  return expiresAt;
}

/** An absolute http(s) address, or a 400. */
export function linkUrl(url: string | undefined): string | null {
  if (url === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('url', 'must be an absolute http or https address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalid('url', 'must be an absolute http or https address');
  return parsed.toString();
}

/**
 * POST /management/links: a signed link that opens one piece of content.
 * `sku` (a product of the vendor, else 404) names the content by the
 * product's `publisherContentId` and the tier by its first capsule scope;
 * `contentId` names it directly (and wins over the product's). One of the
 * two is required. The use limit is enforced where the link is redeemed.
 */
export class CreateContentLink {
  constructor(
    private readonly products: Pick<ProductRepository, 'find'>,
    private readonly tiers: ProductTiers,
    private readonly signer: ContentLinkSigner,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(request: ContentLinkRequest): Promise<{ link: ContentLink; token: string }> {
    if (request.sku === undefined && request.contentId === undefined) throw invalid('sku', 'or contentId is required');
    const now = this.clock.now();
    const expiresAt = linkExpiry(request.expiresAt, now);
    const url = linkUrl(request.url);
    let contentId = request.contentId ?? null;
    let tier = request.tier ?? null;
    if (request.sku !== undefined) {
      const product = await this.products.find(request.vendorId, request.sku);
      if (!product) throw new ProductNotFound(request.sku);
      contentId ??= product.publisherContentId;
      if (contentId === null) throw invalid('contentId', `is required: product ${request.sku} has no publisherContentId`);
      tier ??= (await this.tiers.tiersOf(request.vendorId, request.sku))[0] ?? null;
    }
    const link: ContentLink = {
      id: `link_${this.ids.next().replace(/-/g, '')}`,
      vendorId: request.vendorId,
      sku: request.sku ?? null,
      contentId: contentId!,
      tier: tier ?? LINK_DEFAULT_TIER,
      maxUses: request.maxUses ?? null,
      url,
      expiresAt,
      createdAt: now,
    };
    return { link, token: await this.signer.sign(link) };
  }
}
