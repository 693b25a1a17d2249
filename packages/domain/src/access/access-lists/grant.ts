import { ConflictError, DomainEvent, InvalidError, NotFoundError } from '../../shared';
import { normalizeEmail } from '../../identity/user';
import { Entitlement, entitlementGranted, entitlementRevoked, EntitlementType } from '../entitlement';
import { AccessList, listInForce } from './access-list';

/** A grant gives access only while `ACTIVE` (on an `ACTIVE` list, inside its period). */
export const GRANT_STATUSES = ['ACTIVE', 'INACTIVE', 'CANCELED'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** The origin type of entitlements that come from access-list grants. */
export const EXTERNAL_ORIGIN = 'EXTERNAL' as const;

export interface GrantAddress {
  readonly street: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly country: string | null;
  readonly co: string | null;
}

/** What a grant shows of its product, copied when the grant is written (as a contract's entitlements copy it). */
export interface GrantedProduct {
  readonly type: EntitlementType;
  readonly title: string;
  readonly cover: string | null;
  readonly publisherContentId: string | null;
}

/** The person-and-reconciliation fields a grant carries; none of them affects access. */
export interface GrantDetails {
  readonly publisherUserId: string | null;
  readonly publisherPurchaseId: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phone: string | null;
  readonly deliveryAddress: GrantAddress | null;
  readonly billingAddress: GrantAddress | null;
  readonly notes: string | null;
  readonly extraFields: Readonly<Record<string, string>>;
  readonly excludeFromStats: boolean;
}

/**
 * One entry on an access list: the person with `email` gets `sku` (bought
 * through purchase option `purchaseOptionId`) for `[startsAt, endsAt)`.
 * One grant per list, e-mail and sku. `userId` is the vendor's user with
 * that e-mail when the grant was last written (the entitlement itself is
 * matched by e-mail when it is read, so a later sign-up gets it too).
 */
export interface AccessGrant extends GrantDetails {
  readonly id: string;
  readonly vendorId: string;
  readonly listId: string;
  readonly email: string;
  readonly sku: string;
  readonly purchaseOptionId: string;
  readonly status: GrantStatus;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
  readonly userId: string | null;
  readonly product: GrantedProduct;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export class GrantNotFound extends NotFoundError {
  constructor(id: string) {
    super('GRANT.NOT_FOUND', `no grant ${id} on this access list`, { grantId: id });
  }
}

export class GrantExists extends ConflictError {
  constructor(email: string, sku: string) {
    super('GRANT.EXISTS', `the list already has a grant of ${sku} for ${email}`, { email, sku });
  }
}

export class GrantPurchaseOptionNotFound extends InvalidError {
  constructor(sku: string, poId: string) {
    super('GRANT.PURCHASE_OPTION_NOT_FOUND', `no purchase option ${poId} for product ${sku}`, {
      errors: [{ field: 'poId', message: `is not a purchase option of ${sku}` }],
    });
  }
}

export const invalidGrant = (field: string, message: string, code = 'GRANT.INVALID') =>
  new InvalidError(code, `${field} ${message}`, { errors: [{ field, message }] });

/** The grant's e-mail as the identity module stores e-mails (trimmed, lower case), or a 400 naming `email`. */
export function grantEmail(email: string): string {
  try {
    return normalizeEmail(email);
  } catch {
    throw invalidGrant('email', 'must be an e-mail address', 'GRANT.BAD_EMAIL');
  }
}

/** The period must not end before it starts. */
export function checkGrantPeriod(startsAt: Date | null, endsAt: Date | null): void {
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) throw invalidGrant('endsAt', 'must be after startsAt');
}

/** Whether the grant gives access at `now`: ACTIVE grant, ACTIVE list, `startsAt <= now < endsAt`. */
export function grantInForce(grant: Pick<AccessGrant, 'status' | 'startsAt' | 'endsAt'>, list: Pick<AccessList, 'status'>, now: Date): boolean {
  if (grant.status !== 'ACTIVE' || !listInForce(list)) return false;
  if (grant.startsAt && now.getTime() < grant.startsAt.getTime()) return false;
  return grant.endsAt === null || now.getTime() < grant.endsAt.getTime();
}

/**
 * The entitlement a grant in force gives the user: id and origin id are the
 * grant's, `origin {type: EXTERNAL, id, listId, name}` with the list's name;
 * it ends at `endsAt`.
 */
export function entitlementOfGrant(grant: AccessGrant, list: Pick<AccessList, 'id' | 'name'>, userId: string): Entitlement {
  return {
    id: grant.id,
    vendorId: grant.vendorId,
    userId,
    sku: grant.sku,
    purchaseOptionId: grant.purchaseOptionId,
    type: grant.product.type,
    title: grant.product.title,
    cover: grant.product.cover,
    url: null,
    presentationUrl: null,
    publisherContentId: grant.product.publisherContentId,
    origin: { type: EXTERNAL_ORIGIN, id: grant.id, listId: list.id, name: list.name },
    createdAt: grant.createdAt,
    updatedAt: grant.updatedAt,
    expiresAt: grant.endsAt,
    revokedAt: null,
  };
}

/** A grant with its list, as one state of it; null when it does not exist (yet, or any more). */
export type GrantState = { readonly grant: AccessGrant; readonly list: AccessList } | null;

/**
 * The `entitlement.granted` / `entitlement.revoked` events of a change from
 * `before` to `after`, for a grant whose e-mail has a user: granted when it
 * comes into force, revoked when it leaves it (and both when a grant in force
 * moves to another product or person). Start and end dates passing by
 * themselves record nothing.
 */
export function grantChangeEvents(before: GrantState, after: GrantState, now: Date): DomainEvent[] {
  const live = (s: GrantState) => (s && s.grant.userId !== null && grantInForce(s.grant, s.list, now) ? s : null);
  const was = live(before);
  const is = live(after);
  const same = was && is && was.grant.userId === is.grant.userId && was.grant.sku === is.grant.sku;
  if (same) return [];
  return [
    ...(was ? entitlementRevoked(entitlementOfGrant(was.grant, was.list, was.grant.userId!), now) : []),
    ...(is ? entitlementGranted(entitlementOfGrant(is.grant, is.list, is.grant.userId!), now) : []),
  ];
}
