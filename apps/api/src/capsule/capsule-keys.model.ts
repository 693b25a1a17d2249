import { ConflictError, InvalidError, NotFoundError } from '@kiosk/domain';
import { IssuerAlgorithm, IssuerKeyMaterial, PublisherJwk, ROTATION_SECRET_BYTES, UnlockMode } from '@kiosk/domain/capsule';
import { JWK } from 'jose';

/** The capsule key management's settings, views, errors and input checks (the service is capsule-keys.service.ts). */
export const UNLOCK_MODES: readonly UnlockMode[] = ['hosted', 'issuer-wrapped'];
export const ISSUER_ALGORITHMS: readonly IssuerAlgorithm[] = ['ECDH-P256', 'RSA-OAEP'];
/** How long a replaced rotation secret is still honoured, unless the vendor or the rotate call says otherwise. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;
export const KID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface CapsuleSettings {
  mode: UnlockMode;
  rotationIntervalMinutes: number;
  previousGraceSeconds: number;
  secretOverlapSeconds: number;
}

export interface RotationSecretState {
  version: number;
  createdAt: string;
  /** When the secret it replaced stops being honoured; null when none is. */
  previousValidUntil: string | null;
}

export interface CapsuleConfiguration extends CapsuleSettings {
  vendorId: string;
  domains: string[];
  publisherKeys: (PublisherJwk & { createdAt: string })[];
  rotationSecret: RotationSecretState | null;
  issuerKeys: IssuerKeyView[];
  serviceKeys: (JWK & { createdAt: string; retiredAt: string | null })[];
  /** The kid a publisher wraps for now (and the next one), at the service's clock. */
  currentKid: string;
}

export interface IssuerKeyView {
  kid: string;
  algorithm: IssuerAlgorithm;
  publicJwk: JWK;
  publicKeyPem: string;
  createdAt: string;
  retiredAt: string | null;
}

export class PublisherKeyExists extends ConflictError {
  constructor(kid: string) {
    super('CAPSULE.PUBLISHER_KEY_EXISTS', `a publisher key ${kid} is already registered`, { kid });
  }
}
export class IssuerKeyExists extends ConflictError {
  constructor(kid: string) {
    super('CAPSULE.ISSUER_KEY_EXISTS', `an issuer key ${kid} already exists`, { kid });
  }
}
export class CapsuleKeyNotFound extends NotFoundError {
  constructor(what: string, id: string) {
    super('CAPSULE.KEY_NOT_FOUND', `no ${what} ${id} for this vendor`, { what, id });
  }
}
export class CapsuleNotConfigured extends NotFoundError {
  constructor(vendorId: string) {
    super('CAPSULE.NOT_CONFIGURED', `vendor ${vendorId} has no capsule configuration yet`, { vendorId });
  }
}
export class IssuerKeyActive extends ConflictError {
  constructor(kid: string) {
    super('CAPSULE.ISSUER_KEY_ACTIVE', `issuer key ${kid} is still published for wrapping; retire it first`, { kid });
  }
}
export class ServiceKeyLast extends ConflictError {
  constructor() {
    super('CAPSULE.SERVICE_KEY_IN_USE', 'the current service signing key cannot be deleted; rotate first');
  }
}

export type IssuerJwk = Extract<IssuerKeyMaterial, { jwk: unknown }>['jwk'];

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Base64 or base64url of exactly 32 bytes. */
export function decodeRotationSecret(text: string): Uint8Array {
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text.trim()) ? Buffer.from(text.trim(), 'base64') : Buffer.alloc(0);
  if (bytes.length !== ROTATION_SECRET_BYTES) {
    throw new InvalidError('CAPSULE.BAD_ROTATION_SECRET', `a rotation secret is ${ROTATION_SECRET_BYTES} bytes in base64 or base64url`);
  }
  return new Uint8Array(bytes);
}

export function checkKid(kid: string): void {
  if (!KID_PATTERN.test(kid)) throw new InvalidError('CAPSULE.BAD_KEY_ID', 'a key id is 1 to 64 letters, digits or . _ : -', { kid });
}

export function normaliseDomain(domain: string): string {
  const host = domain.trim().toLowerCase();
  if (!HOSTNAME.test(host)) throw new InvalidError('CAPSULE.BAD_DOMAIN', `not a host name: ${domain}`, { domain });
  return host;
}
