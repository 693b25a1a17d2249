import { LicenseKeyView, LicensePoolWithStock } from '@kiosk/domain/engagement';

/** The License key resource of interface 2.6a. */
export const licenseKeyView = (k: LicenseKeyView) => ({
  key: k.key,
  poolId: k.poolId,
  claimedAt: k.claimedAt.toISOString(),
  expiresAt: k.expiresAt ? k.expiresAt.toISOString() : null,
  status: k.status,
});

export const licensePoolView = (p: LicensePoolWithStock) => ({
  id: p.id,
  sku: p.sku,
  validitySeconds: p.validitySeconds,
  createdAt: p.createdAt.toISOString(),
  stock: p.stock,
});
