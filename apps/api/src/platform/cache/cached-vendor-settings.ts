import { ConfigCache } from './config-cache';

/** A vendor's one row of settings, as the billing and checkout modules keep theirs. */
export interface VendorSettingsStore<S extends { readonly vendorId: string }> {
  find(vendorId: string): Promise<S | null>;
  save(settings: S): Promise<void>;
}

/**
 * A vendor's settings through the configuration cache, keyed by the vendor:
 * every contract confirmed, bill and mail reads them, and they change only
 * when the vendor saves them. `save` announces the change inside the
 * saver's transaction; the table's trigger announces writes made past the
 * service (migration 1766900000000).
 */
export class CachedVendorSettings<S extends { readonly vendorId: string }> implements VendorSettingsStore<S> {
  constructor(
    private readonly inner: VendorSettingsStore<S>,
    private readonly cache: ConfigCache,
    private readonly regionName: string,
  ) {}

  find(vendorId: string): Promise<S | null> {
    return this.cache.region<S | null>(this.regionName).get(vendorId, () => this.inner.find(vendorId));
  }

  async save(settings: S): Promise<void> {
    await this.inner.save(settings);
    await this.cache.changed(this.regionName, settings.vendorId);
  }
}
