import { ProductType } from '../catalog';
import { DomainEvent, EventsAbout } from '../shared';

/** Entitlement types of the interface (2.6); a license itself is never one: its seats unlock content. */
export const ENTITLEMENT_TYPES = [
  'article',
  'audiobook',
  'ebook',
  'bundle',
  'podcast',
  'pass',
  'publication',
  'physical_issue',
] as const;
export type EntitlementType = (typeof ENTITLEMENT_TYPES)[number];

/**
 * Where an entitlement comes from; `CONTRACT` with the contract id for
 * contracts, `AUTO_ONBOARD` with the source sku for grants of an external system,
 * `EXTERNAL` with the grant id, list id and list name for access-list grants.
 */
export interface EntitlementOrigin {
  readonly type: 'CONTRACT' | 'AUTO_ONBOARD' | 'EXTERNAL';
  readonly id: string;
  readonly listId: string | null;
  readonly name: string | null;
}

/** The right of a user to a product (interface 2.6), as stored. */
export interface Entitlement {
  readonly id: string;
  readonly vendorId: string;
  readonly userId: string;
  readonly sku: string;
  readonly purchaseOptionId: string | null;
  readonly type: EntitlementType;
  readonly title: string;
  readonly cover: string | null;
  readonly url: string | null;
  readonly presentationUrl: string | null;
  readonly publisherContentId: string | null;
  readonly origin: EntitlementOrigin;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** When access ends (a contract set to cancel); null while it runs on. */
  readonly expiresAt: Date | null;
  /** Set when the origin took access away (seat removed, contract canceled). */
  readonly revokedAt: Date | null;
}

/** `hasAccess` of the interface: not revoked and not past its end. */
export function hasAccess(entitlement: Pick<Entitlement, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  if (entitlement.revokedAt !== null) return false;
  return entitlement.expiresAt === null || now < entitlement.expiresAt;
}

/** The entitlement type for a product type; a product type outside the list (a license) is a pass. */
export function entitlementTypeOf(productType: ProductType | null): EntitlementType {
  return (ENTITLEMENT_TYPES as readonly string[]).includes(productType ?? '') ? (productType as EntitlementType) : 'pass';
}

const recordAbout = (e: Entitlement, type: string, at: Date): DomainEvent[] =>
  new EventsAbout({ vendorId: e.vendorId, aggregateId: e.id })
    .record(type, at, { userId: e.userId, sku: e.sku, origin: { type: e.origin.type, id: e.origin.id } })
    .pullEvents();

/** `entitlement.granted`: a user gained access (a new entitlement, or a revoked one made live again). */
export const entitlementGranted = (e: Entitlement, at: Date): DomainEvent[] => recordAbout(e, 'entitlement.granted', at);

/** `entitlement.revoked`: its origin took the access away. */
export const entitlementRevoked = (e: Entitlement, at: Date): DomainEvent[] => recordAbout(e, 'entitlement.revoked', at);
