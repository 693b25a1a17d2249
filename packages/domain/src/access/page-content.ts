/**
 * What a page of the vendor's site is, for deciding who may read it (the
 * content proxy): found as the rest of the service finds content, never
 * only by an entitlement that happens to carry the page's address.
 */
export interface PageContent {
  /** The page's address, without its fragment. */
  readonly url: string;
  /**
   * The content ids the page stands for: those it names itself (its
   * `data-service-paywall` elements, its page configuration's
   * `publisherContentId`), else its address and the address's last path
   * segment (as a checkout item by `url` finds its product).
   */
  readonly contentIds: readonly string[];
  /** The paywall the page's configuration names, whose products give access to its content. */
  readonly paywallId: string | null;
}

/** What the page itself says about its content (read from its HTML by the adapter). */
export interface PageMetadata {
  readonly contentIds: readonly string[];
  readonly paywallId: string | null;
}

const withoutFragment = (url: string) => url.split('#')[0];

/** The content ids an address stands for when the page names none: the address and its last path segment. */
export function contentIdsOfUrl(url: string): string[] {
  const page = withoutFragment(url);
  let segment: string | undefined;
  try {
    segment = new URL(page).pathname.split('/').filter(Boolean).pop();
  } catch {
    segment = undefined;
  }
  return [...new Set([page, ...(segment ? [decodeURIComponentSafely(segment)] : [])])];
}

function decodeURIComponentSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page at `url` as its own metadata describes it, its address standing in for ids it does not name. */
export function pageContentOf(url: string, metadata: PageMetadata): PageContent {
  const named = metadata.contentIds.filter((id) => id.length > 0 && id.length <= 512);
  return {
    url: withoutFragment(url),
    contentIds: named.length > 0 ? [...new Set(named)] : contentIdsOfUrl(url),
    paywallId: metadata.paywallId,
  };
}

/**
 * The products whose entitlement opens a page's content: the catalogue's
 * products whose `publisherContentId` is one of the page's ids, and the
 * products the page's paywall sells (its subscriptions), as a paywall lets
 * their holders through.
 */
export interface PageProducts {
  skusFor(vendorId: string, page: PageContent): Promise<string[]>;
}
