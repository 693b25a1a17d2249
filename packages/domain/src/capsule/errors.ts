import { ConflictError, ForbiddenError, NotFoundError } from '../shared';

/** Why a publisher-signed token (resourceJWT or share token) was refused; part of the stable code. */
export type TokenRejection =
  | 'MALFORMED' // not a JWT, or claims of the wrong shape
  | 'ALGORITHM' // anything but ES256
  | 'UNKNOWN_KEY' // header kid names no key the vendor registered
  | 'BAD_SIGNATURE'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'FROM_FUTURE' // iat too far ahead of the service's clock
  | 'FOREIGN_ISSUER' // iss / domain is not one of the vendor's domains
  | 'WRONG_RESOURCE' // share token names another resource
  | 'USED_UP'; // share token has no uses left

/** `CAPSULE.RESOURCE_JWT.<reason>`: the resource could not be trusted. */
export class ResourceJwtRejected extends ForbiddenError {
  constructor(
    readonly reason: TokenRejection,
    message: string,
  ) {
    super(`CAPSULE.RESOURCE_JWT.${reason}`, message, { reason });
  }
}

/** `CAPSULE.SHARE_TOKEN.<reason>`: the share token grants nothing. */
export class ShareTokenRejected extends ForbiddenError {
  constructor(
    readonly reason: TokenRejection,
    message: string,
  ) {
    super(`CAPSULE.SHARE_TOKEN.${reason}`, message, { reason });
  }
}

/** A key entry asks for a scope the signed resource does not name: a relabelled request. */
export class ScopeNotInResource extends ForbiddenError {
  constructor(scope: string, resourceScopes: readonly string[]) {
    super('CAPSULE.SCOPE_NOT_IN_RESOURCE', `scope "${scope}" is not one of the resource's scopes`, {
      scope,
      resourceScopes: [...resourceScopes],
    });
  }
}

/** Entries were granted, but every requested kid lies outside the rotation window. */
export class KidOutsideWindow extends ForbiddenError {
  constructor(requested: readonly string[], allowed: readonly string[]) {
    super('CAPSULE.KID_OUTSIDE_WINDOW', 'no requested kid is inside the current rotation window', {
      requested: [...requested],
      allowed: [...allowed],
    });
  }
}

/** The caller holds none of the requested scopes or content names. */
export class NothingGranted extends ForbiddenError {
  constructor(
    requiredScopes: readonly string[],
    how: 'entitlements' | 'share token' | 'entitlements or share token',
    more: Record<string, unknown> = {},
  ) {
    super('CAPSULE.NOTHING_GRANTED', `no requested key is granted by the caller's ${how}`, {
      requiredScopes: [...requiredScopes],
      ...more,
    });
  }
}

/** Tenancy: a vendor without capsule key material is as absent as a vendor that does not exist. */
export class CapsuleVendorNotFound extends NotFoundError {
  constructor(vendorId: string) {
    super('CAPSULE.VENDOR_NOT_FOUND', `no capsule keys for vendor ${vendorId}`, { vendorId });
  }
}

/** Hosted mode was asked for, but the vendor has no rotation secret (or issuer-wrapped without issuer keys). */
export class CapsuleModeNotConfigured extends ConflictError {
  constructor(mode: string) {
    super('CAPSULE.MODE_NOT_CONFIGURED', `the vendor has no key material for ${mode} unlocking`, { mode });
  }
}

/**
 * The granted items' entries name no issuer key the vendor holds (an unknown
 * `kid`, or no key of the blob's kind), so no key can be unwrapped for them.
 * A publisher that sees this may refresh the vendor's JWKS.
 */
export class IssuerKeyUnknown extends ForbiddenError {
  constructor(items: readonly { readonly contentName: string; readonly kids: readonly (string | null)[] }[]) {
    const kids = [...new Set(items.flatMap((i) => i.kids.map((k) => k ?? '(none)')))];
    super(
      'CAPSULE.ISSUER_KEY_UNKNOWN',
      `no issuer key of this vendor opens the entries for ${items.map((i) => `"${i.contentName}"`).join(', ')} (kid ${kids.join(', ')})`,
      { kids: [...new Set(items.flatMap((i) => i.kids))], contentNames: items.map((i) => i.contentName) },
    );
  }
}
