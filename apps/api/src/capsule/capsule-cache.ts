/**
 * Regions of the configuration cache (`platform/cache/config-cache.ts`) that
 * hold capsule configuration, keyed by vendor id. The capsule's key tables
 * announce every change in region `capsule` (by trigger, and by the write
 * paths for this process at once), which reaches every region under it; the
 * product-scope mapping announces in its own region only, so a mapping
 * change does not make the vendor's keys be opened and imported again.
 */
export const CAPSULE_CACHE = {
  /** Where the key tables announce: everything capsule of the vendor. */
  root: 'capsule',
  /** The vendor's settings and key material, opened and imported (`TypeOrmCapsuleKeyStore`). */
  keys: 'capsule/keys',
  /** The vendor's product-to-scope mapping (`CachedProductScopeRepository`). */
  productScopes: 'capsule/product-scopes',
} as const;
