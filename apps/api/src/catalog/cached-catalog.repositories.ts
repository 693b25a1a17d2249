import { Product, ProductRepository, PurchaseOption, PurchaseOptionRepository, Vendor, VendorRepository } from '@kiosk/domain/catalog';
import { CacheRegion, ConfigCache } from '../platform/cache/config-cache';

/**
 * Cache regions of the catalog, each keyed by the vendor id. `catalog`
 * itself is announced by the tables' triggers (migration 1766900000000) and
 * reaches every region under it. Vendors are cached only as invoices read
 * them (`CachedVendorLookup`): an operator renames one with `psql`, and the
 * sign-in pages and the portal read the table, so they show it at once.
 */
export const CATALOG_CACHE = {
  all: 'catalog',
  products: 'catalog/products',
  purchaseOptions: 'catalog/purchase-options',
} as const;

/** Vendors whose products or options a process keeps at once: a whole catalogue can be large. */
const CACHED_VENDORS = 1_000;

/** Lookups one vendor's memo keeps: unknown skus asked by anybody are kept too, so the memo must not grow without end. */
const ANSWERS_PER_VENDOR = 5_000;

/**
 * What a process has read of one vendor's table, a lookup at a time, dropped
 * whole when the vendor's table changes. Keyed by the vendor, because the
 * table's trigger names only the vendor. A failed read is not kept; past
 * `ANSWERS_PER_VENDOR` the oldest answer goes.
 */
class VendorMemo<V> {
  private readonly answers = new Map<string, Promise<V>>();

  get(key: string, load: () => Promise<V>): Promise<V> {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = load();
      if (this.answers.size >= ANSWERS_PER_VENDOR) this.answers.delete(this.answers.keys().next().value as string);
      this.answers.set(key, answer);
      answer.catch(() => this.answers.get(key) === answer && this.answers.delete(key));
    }
    return answer;
  }
}

/** A vendor's memo from `region`, made on a miss (a new memo whenever the vendor's entry was dropped). */
const memoOf = <V>(region: CacheRegion<VendorMemo<V>>, vendorId: string) => region.get(vendorId, async () => new VendorMemo<V>());

/**
 * Products through the configuration cache, one product and the vendor's
 * list: each contract reads its product several times, and the management
 * list is a hot read. Every write here announces the vendor, inside the
 * writer's transaction; the table's trigger announces writes made past the
 * service.
 */
export class CachedProductRepository implements ProductRepository {
  private readonly products: CacheRegion<VendorMemo<Product | null>>;
  private readonly lists: CacheRegion<Product[]>;

  constructor(
    private readonly inner: ProductRepository,
    private readonly cache: ConfigCache,
  ) {
    this.products = cache.region<VendorMemo<Product | null>>(CATALOG_CACHE.products, CACHED_VENDORS);
    this.lists = cache.region<Product[]>(`${CATALOG_CACHE.products}/lists`, CACHED_VENDORS);
  }

  async add(product: Product): Promise<boolean> {
    const added = await this.inner.add(product);
    if (added) await this.cache.changed(CATALOG_CACHE.products, product.vendorId);
    return added;
  }

  async find(vendorId: string, sku: string): Promise<Product | null> {
    return (await memoOf(this.products, vendorId)).get(sku, () => this.inner.find(vendorId, sku));
  }

  async save(product: Product): Promise<void> {
    await this.inner.save(product);
    await this.cache.changed(CATALOG_CACHE.products, product.vendorId);
  }

  list(vendorId: string): Promise<Product[]> {
    return this.lists.get(vendorId, () => this.inner.list(vendorId));
  }
}

/** Purchase options through the configuration cache: written once (`add`, announced), read by every contract and checkout. */
export class CachedPurchaseOptionRepository implements PurchaseOptionRepository {
  private readonly options: CacheRegion<VendorMemo<PurchaseOption | null>>;
  private readonly ofProduct: CacheRegion<VendorMemo<PurchaseOption[]>>;

  constructor(
    private readonly inner: PurchaseOptionRepository,
    private readonly cache: ConfigCache,
  ) {
    this.options = cache.region<VendorMemo<PurchaseOption | null>>(CATALOG_CACHE.purchaseOptions, CACHED_VENDORS);
    this.ofProduct = cache.region<VendorMemo<PurchaseOption[]>>(`${CATALOG_CACHE.purchaseOptions}/of-product`, CACHED_VENDORS);
  }

  async add(option: PurchaseOption): Promise<boolean> {
    const added = await this.inner.add(option);
    if (added) await this.cache.changed(CATALOG_CACHE.purchaseOptions, option.vendorId);
    return added;
  }

  async find(vendorId: string, id: string): Promise<PurchaseOption | null> {
    return (await memoOf(this.options, vendorId)).get(id, () => this.inner.find(vendorId, id));
  }

  async listForProduct(vendorId: string, sku: string): Promise<PurchaseOption[]> {
    return (await memoOf(this.ofProduct, vendorId)).get(sku, () => this.inner.listForProduct(vendorId, sku));
  }
}

/** The region of vendors' names as invoices print them, keyed by the vendor id; the vendors table's trigger announces it (migration 1767100000000). */
export const VENDOR_NAMES_CACHE = 'vendor-names';

/**
 * A vendor as invoicing reads it (the seller's name on every invoice a
 * confirm drafts), through the configuration cache. Only this lookup is
 * cached; the sign-in pages and the portal read the vendors table as before.
 * A vendor added by the service announces itself here; a rename with `psql`
 * is announced by the table's trigger when it commits.
 */
export class CachedVendorLookup implements Pick<VendorRepository, 'find'> {
  private readonly vendors: CacheRegion<Vendor | null>;

  constructor(
    private readonly inner: Pick<VendorRepository, 'find'>,
    cache: ConfigCache,
  ) {
    this.vendors = cache.region<Vendor | null>(VENDOR_NAMES_CACHE, CACHED_VENDORS);
  }

  find(vendorId: string): Promise<Vendor | null> {
    return this.vendors.get(vendorId, () => this.inner.find(vendorId));
  }
}
