import { toMajor } from '@kiosk/domain';
import { AccessInformation, EntitlementWithAccess } from '@kiosk/domain/access';
import { Product, Vendor } from '@kiosk/domain/catalog';
import { Amendment, PaymentIssue, Subscription, UpgradeOption } from '@kiosk/domain/contracts';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);
const present = <T>(value: T | null | undefined) => (value === null ? undefined : value);

/** Interface 2.6 Entitlement; absent values are left out. */
export const entitlementView = (e: EntitlementWithAccess) => ({
  id: e.id,
  sku: e.sku,
  purchaseOption: present(e.purchaseOptionId),
  cover: present(e.cover),
  title: e.title,
  url: present(e.url),
  presentationUrl: present(e.presentationUrl),
  publisherContentId: present(e.publisherContentId),
  type: e.type,
  origin: { type: e.origin.type, id: e.origin.id, listId: present(e.origin.listId), name: present(e.origin.name) },
  hasAccess: e.hasAccess,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
  expiresAt: iso(e.expiresAt),
});

export const accessView = (a: AccessInformation) => ({
  id: a.id,
  url: present(a.url),
  token: a.token,
  title: a.title,
  filename: a.filename,
  type: a.type,
});

export const subscriptionView = (s: Subscription, baseUrl: string) => ({
  id: s.id,
  currency: s.currency,
  cancelAt: iso(s.cancelAt),
  createdAt: s.createdAt.toISOString(),
  status: s.status,
  product: {
    name: s.product.name,
    description: s.product.description,
    image: present(s.product.image),
    optionId: s.product.optionId,
    sku: s.product.sku,
  },
  price: toMajor(s.price),
  nextPrice: s.nextPrice ? toMajor(s.nextPrice) : undefined,
  nextPaymentAt: iso(s.nextPaymentAt),
  hasAccess: s.hasAccess,
  manageUrl: `${baseUrl}/contracts/${encodeURIComponent(s.id)}`,
  userId: s.userId,
});

export const paymentIssueView = (p: PaymentIssue, baseUrl: string) => ({
  contractId: p.contractId,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  nextPaymentAt: iso(p.nextPaymentAt),
  manageUrl: `${baseUrl}/contracts/${encodeURIComponent(p.contractId)}`,
  status: p.status,
});

export const upgradeOptionView = (o: UpgradeOption) => ({
  itemId: o.itemId,
  sku: o.sku,
  purchaseOptionId: o.purchaseOptionId,
  paths: o.paths.map((p) => ({
    type: p.type,
    sku: p.sku,
    purchaseOptionId: p.purchaseOptionId,
    title: p.title,
    cover: present(p.cover),
    description: p.description,
    features: [...p.features],
    price: toMajor(p.price),
    currency: p.price.currency,
  })),
});

export const amendmentView = (a: Amendment) => ({
  id: a.id,
  contractId: a.contractId,
  status: a.status,
  amendmentType: a.type,
  purchaseOptionId: a.change?.purchaseOptionId,
  appliedDiscounts: a.appliedDiscounts.map((d) => ({
    code: d.code,
    status: d.status,
    id: present(d.id),
    name: d.name,
    description: d.description,
    reason: present(d.reason),
  })),
  nextBill: a.nextBill
    ? { total: toMajor(a.nextBill.total), currency: a.nextBill.total.currency, date: a.nextBill.date.toISOString() }
    : undefined,
});

export const productView = (p: Product) => ({
  cover: present(p.cover),
  language: present(p.language),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  sku: p.sku,
  title: p.title,
  productType: p.productType,
  publisherContentId: present(p.publisherContentId),
});

export const vendorView = (v: Vendor) => ({ id: v.id, name: v.name, logo: present(v.logo) });
