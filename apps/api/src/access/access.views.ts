import { AccessInformation, EntitlementWithAccess } from '@kiosk/domain/access';

import { isoOrNull as iso, orNull as present } from '../platform/http/views';

/** Interface 2.6 Entitlement; absent values are null (DESIGN.md 4). */
export const entitlementView = (e: EntitlementWithAccess) => ({
  id: e.id,
  sku: e.sku,
  purchaseOption: present(e.purchaseOptionId),
  cover: present(e.cover),
  title: e.title,
  url: present(e.url),
  presentationUrl: present(e.presentationUrl),
  publisherContentId: present(e.publisherContentId),
  /** Interface 2.6 names a token; an entitlement has none here (access information carries one). */
  token: null,
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
