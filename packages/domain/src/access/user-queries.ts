import { ProductNotFound, ProductRepository } from '../catalog';
import { Clock, EventOutbox, ForbiddenError, IdGenerator, NotFoundError } from '../shared';
import { Entitlement, entitlementGranted, EntitlementType, hasAccess } from './entitlement';
import { EntitlementRepository } from './ports';
import { EntitlementWithAccess } from './use-cases';

// What a signed-in reader sees of their entitlements (interface 4.3), the
// access information of one, and auto-onboarding.

export class EntitlementNotFound extends NotFoundError {
  constructor(entitlementId: string) {
    super('ENTITLEMENT.NOT_FOUND', `no entitlement ${entitlementId}`, { entitlementId });
  }
}

export class NoAccess extends ForbiddenError {
  constructor(what: string) {
    super('ENTITLEMENT.NO_ACCESS', `no live entitlement gives access to ${what}`, { what });
  }
}

export interface EntitlementFilter {
  readonly type?: EntitlementType;
  readonly sku?: string;
  readonly purchaseOptionId?: string;
  /** Only entitlements created after this moment (`wait-for-entitlement-after`). */
  readonly createdAfter?: Date;
}

export function matchesFilter(e: Entitlement, filter: EntitlementFilter): boolean {
  return (
    (filter.type === undefined || e.type === filter.type) &&
    (filter.sku === undefined || e.sku === filter.sku) &&
    (filter.purchaseOptionId === undefined || e.purchaseOptionId === filter.purchaseOptionId) &&
    (filter.createdAfter === undefined || e.createdAt > filter.createdAfter)
  );
}

/** GET /entitlements: the reader's entitlements (revoked ones left out), newest first, filtered. */
export class ListReaderEntitlements {
  constructor(
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string; filter?: EntitlementFilter }): Promise<EntitlementWithAccess[]> {
    const now = this.clock.now();
    return (await this.entitlements.listByUser(command.vendorId, command.userId))
      .filter((e) => e.revokedAt === null && matchesFilter(e, command.filter ?? {}))
      .map((e) => ({ ...e, hasAccess: hasAccess(e, now) }));
  }
}

export class GetReaderEntitlement {
  constructor(
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string; entitlementId: string }): Promise<EntitlementWithAccess> {
    const found = (await this.entitlements.listByUser(command.vendorId, command.userId)).find(
      (e) => e.id === command.entitlementId && e.revokedAt === null,
    );
    if (!found) throw new EntitlementNotFound(command.entitlementId);
    return { ...found, hasAccess: hasAccess(found, this.clock.now()) };
  }
}

/** How content of a type is reached: podcasts and publications by a feed, everything else by a URL. */
export type AccessKind = 'feed' | 'url';

export function accessKindOf(type: EntitlementType): AccessKind {
  return type === 'podcast' || type === 'publication' ? 'feed' : 'url';
}

const EXTENSIONS: Record<EntitlementType, string> = {
  article: 'html',
  audiobook: 'm4b',
  ebook: 'epub',
  bundle: 'html',
  podcast: 'rss',
  pass: 'html',
  publication: 'rss',
  physical_issue: 'html',
};

/** Access information (interface 2.6). */
export interface AccessInformation {
  readonly id: string;
  readonly url: string | null;
  readonly token: string;
  readonly title: string;
  readonly filename: string;
  readonly type: AccessKind;
}

/** Signs the short-lived token that goes with access information; the adapter owns the keys. */
export interface AccessTokenSigner {
  sign(
    vendorId: string,
    claims: { entitlementId: string; userId: string; sku: string; contentId: string; url: string; kind: AccessKind },
    lifetimeSeconds: number,
  ): Promise<string>;
}

/** Lifetime of the access token: long enough to open the content, short enough not to be worth sharing. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 300;

/** GET /entitlements/{id}/access: only while the entitlement gives access. */
export class GetAccessInformation {
  constructor(
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser'>,
    private readonly signer: AccessTokenSigner,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string; entitlementId: string }): Promise<AccessInformation> {
    const entitlement = await new GetReaderEntitlement(this.entitlements, this.clock).execute(command);
    if (!entitlement.hasAccess) throw new NoAccess(entitlement.sku);
    const kind = accessKindOf(entitlement.type);
    const url = entitlement.url ?? entitlement.presentationUrl;
    const token = await this.signer.sign(
      command.vendorId,
      {
        entitlementId: entitlement.id,
        userId: command.userId,
        sku: entitlement.sku,
        contentId: entitlement.publisherContentId ?? entitlement.sku,
        url: url ?? '',
        kind,
      },
      ACCESS_TOKEN_LIFETIME_SECONDS,
    );
    return {
      id: entitlement.id,
      url,
      token,
      title: entitlement.title,
      filename: `${entitlement.sku}.${EXTENSIONS[entitlement.type]}`,
      type: kind,
    };
  }
}

const withoutFragment = (url: string) => url.split('#')[0];

/**
 * Whether a reader may read the page at `url` through the content proxy: a
 * live entitlement whose `publisherContentId` is the one named, or whose
 * `url` or `presentationUrl` is the page itself (fragments ignored).
 */
export class ReaderMayRead {
  constructor(
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Whether a live entitlement of the reader opens the page at `url`: one
   * whose url or presentationUrl is the page, whose publisherContentId is the
   * one asked for or one of the page's content ids, or whose sku is one of
   * the products that give the page's content (`PageProducts`).
   */
  async execute(query: {
    vendorId: string;
    userId: string;
    url: string;
    publisherContentId?: string;
    contentIds?: readonly string[];
    skus?: readonly string[];
  }): Promise<boolean> {
    const now = this.clock.now();
    const page = withoutFragment(query.url);
    const ids = new Set([...(query.contentIds ?? []), ...(query.publisherContentId !== undefined ? [query.publisherContentId] : [])]);
    const skus = new Set(query.skus ?? []);
    return (await this.entitlements.listByUser(query.vendorId, query.userId)).some(
      (e) =>
        hasAccess(e, now) &&
        ((e.publisherContentId !== null && ids.has(e.publisherContentId)) ||
          skus.has(e.sku) ||
          [e.url, e.presentationUrl].some((u) => u !== null && withoutFragment(u) === page)),
    );
  }
}

/** An external system that grants more access to holders of a product (auto-onboarding). */
export interface ExternalAccessProvider {
  /** The skus the system grants a holder of `sku`; empty when the product is not set up for it. */
  grantsFor(command: { vendorId: string; userId: string; sku: string }): Promise<string[]>;
}

export const AUTO_ONBOARD_ORIGIN = 'AUTO_ONBOARD' as const;

/**
 * POST /products/{sku}/auto-onboard: a reader holding a live entitlement for
 * `sku` receives what the external system grants for it, ending when the
 * source entitlement ends. Granting again changes nothing (one entitlement
 * per user, sku and origin). Without a live entitlement for `sku`: 403.
 * A grant the reader did not hold live records `entitlement.granted`; run it
 * in a transaction so the event goes with the row.
 */
export class AutoOnboard {
  constructor(
    private readonly products: Pick<ProductRepository, 'find'>,
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser' | 'grant'>,
    private readonly provider: ExternalAccessProvider,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; userId: string; sku: string }): Promise<EntitlementWithAccess[]> {
    const { vendorId, userId, sku } = command;
    const product = await this.products.find(vendorId, sku);
    if (!product) throw new ProductNotFound(sku);
    const now = this.clock.now();
    const held = await this.entitlements.listByUser(vendorId, userId);
    const source = held.find((e) => e.sku === sku && e.origin.type !== AUTO_ONBOARD_ORIGIN && hasAccess(e, now));
    if (!source) throw new NoAccess(sku);
    const granted: EntitlementWithAccess[] = [];
    for (const grantedSku of await this.provider.grantsFor(command)) {
      if (grantedSku === sku) continue;
      const target = await this.products.find(vendorId, grantedSku);
      const entitlement = await this.entitlements.grant({
        id: this.ids.next(),
        vendorId,
        userId,
        sku: grantedSku,
        purchaseOptionId: null,
        type: target && target.productType !== 'license' ? target.productType : 'pass',
        title: target?.title ?? grantedSku,
        cover: target?.cover ?? null,
        url: null,
        presentationUrl: null,
        publisherContentId: target?.publisherContentId ?? null,
        origin: { type: AUTO_ONBOARD_ORIGIN, id: sku, listId: null, name: product.title },
        createdAt: now,
        updatedAt: now,
        expiresAt: source.expiresAt,
        revokedAt: null,
      });
      const heldLive = held.some((e) => e.id === entitlement.id && e.revokedAt === null);
      if (!heldLive) await this.outbox.append(entitlementGranted(entitlement, now));
      granted.push({ ...entitlement, hasAccess: hasAccess(entitlement, now) });
    }
    return granted;
  }
}
