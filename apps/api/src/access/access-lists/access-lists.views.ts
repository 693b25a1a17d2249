import { AccessGrant, AccessList, GrantAddress } from '@kiosk/domain/access';
import { isoOrNull } from '../../platform/http/views';

/** Management interface 3.9 AccessList; absent values are null. */
export const accessListView = (l: AccessList) => ({
  id: l.id,
  name: l.name,
  description: l.description,
  type: l.type,
  status: l.status,
  excludeFromStats: l.excludeFromStats,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});

const addressView = (a: GrantAddress | null) =>
  a === null ? null : { street: a.street ?? null, city: a.city ?? null, zip: a.zip ?? null, country: a.country ?? null, co: a.co ?? null };

/** Management interface 3.10 Grant: `source` is the list, `poId` the purchase option. */
export const grantView = (g: AccessGrant) => ({
  id: g.id,
  source: g.listId,
  email: g.email,
  sku: g.sku,
  poId: g.purchaseOptionId,
  status: g.status,
  startsAt: isoOrNull(g.startsAt),
  endsAt: isoOrNull(g.endsAt),
  userId: g.userId,
  publisherUserId: g.publisherUserId,
  publisherPurchaseId: g.publisherPurchaseId,
  firstName: g.firstName,
  lastName: g.lastName,
  phone: g.phone,
  deliveryAddress: addressView(g.deliveryAddress),
  billingAddress: addressView(g.billingAddress),
  notes: g.notes,
  extraFields: g.extraFields,
  excludeFromStats: g.excludeFromStats,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});
