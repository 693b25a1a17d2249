import { InvalidError } from '../shared';
import { Address, AddressInput, CompanyInfo, CompanyInfoInput, normalizeAddress, normalizeCompanyInfo, text } from './address';

/**
 * What the engagement module keeps of a reader beyond what identity holds
 * (e-mail and names live on identity's user): phones, addresses, company,
 * and the streaming-link state. One per user of a vendor.
 */
export interface ProfileDetails {
  readonly vendorId: string;
  readonly userId: string;
  readonly nickname: string | null;
  readonly locale: string | null;
  readonly picture: string | null;
  readonly mobilePhone: string | null;
  readonly workPhone: string | null;
  readonly homePhone: string | null;
  readonly billingAddress: Address | null;
  readonly deliveryAddress: Address | null;
  readonly companyInfo: CompanyInfo | null;
  readonly streamingLinked: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export function emptyProfile(vendorId: string, userId: string, now: Date): ProfileDetails {
  return {
    vendorId,
    userId,
    nickname: null,
    locale: null,
    picture: null,
    mobilePhone: null,
    workPhone: null,
    homePhone: null,
    billingAddress: null,
    deliveryAddress: null,
    companyInfo: null,
    streamingLinked: false,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The fields PATCH /profile takes (interface 4.3). `null` clears a field;
 * an absent one is left alone. The OpenID-style names are aliases.
 */
export interface ProfilePatch {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly given_name?: string | null;
  readonly family_name?: string | null;
  readonly nickname?: string | null;
  readonly mobilePhone?: string | null;
  readonly phone_number?: string | null;
  readonly workPhone?: string | null;
  readonly homePhone?: string | null;
  readonly billingAddress?: AddressInput | null;
  readonly deliveryAddress?: AddressInput | null;
  readonly companyInfo?: CompanyInfoInput | null;
  /** Merged into the metadata: a string sets a key, `null` removes it. */
  readonly user_metadata?: Readonly<Record<string, string | null>>;
}

export const NAME_MAX = 100;
const PHONE = /^\+?[0-9(][0-9 ()-]{2,31}$/;

/**
 * One field given under its own name and its OpenID alias: both forms must
 * agree (after trimming); the result is undefined when neither is given.
 */
export function resolveAlias(
  name: string,
  alias: string,
  own: string | null | undefined,
  aliased: string | null | undefined,
): string | null | undefined {
  if (own === undefined) return aliased;
  if (aliased === undefined) return own;
  const a = own === null ? null : own.trim() || null;
  const b = aliased === null ? null : aliased.trim() || null;
  if (a !== b) {
    throw new InvalidError('PROFILE.ALIAS_CONFLICT', `${name} and ${alias} name the same field and must not differ`, {
      fields: [name, alias],
    });
  }
  return own;
}

export function phone(field: string, value: string | null | undefined): string | null {
  const trimmed = text(field, value, 32);
  if (trimmed !== null && !PHONE.test(trimmed)) {
    throw new InvalidError('PROFILE.BAD_PHONE', `${field} must be a phone number: digits, spaces, ()- and an optional leading +`, {
      field,
    });
  }
  return trimmed;
}

/** The names as they go to identity; undefined means "not touched". */
export interface NamesChange {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}

/** Checks the whole patch before anything is written and returns what changes where. */
export function applyProfilePatch(
  current: ProfileDetails,
  patch: ProfilePatch,
  now: Date,
): { details: ProfileDetails; names: NamesChange } {
  const first = resolveAlias('firstName', 'given_name', patch.firstName, patch.given_name);
  const last = resolveAlias('lastName', 'family_name', patch.lastName, patch.family_name);
  const mobile = resolveAlias('mobilePhone', 'phone_number', patch.mobilePhone, patch.phone_number);
  const names: { firstName?: string | null; lastName?: string | null } = {};
  if (first !== undefined) names.firstName = text('firstName', first, NAME_MAX);
  if (last !== undefined) names.lastName = text('lastName', last, NAME_MAX);
  const keep = <T>(given: unknown, next: () => T, old: T): T => (given === undefined ? old : next());
  const details: ProfileDetails = {
    ...current,
    nickname: keep(patch.nickname, () => text('nickname', patch.nickname, NAME_MAX), current.nickname),
    mobilePhone: keep(mobile, () => phone('mobilePhone', mobile), current.mobilePhone),
    workPhone: keep(patch.workPhone, () => phone('workPhone', patch.workPhone), current.workPhone),
    homePhone: keep(patch.homePhone, () => phone('homePhone', patch.homePhone), current.homePhone),
    billingAddress: keep(
      patch.billingAddress,
      () => (patch.billingAddress ? normalizeAddress('billingAddress', patch.billingAddress) : null),
      current.billingAddress,
    ),
    deliveryAddress: keep(
      patch.deliveryAddress,
      () => (patch.deliveryAddress ? normalizeAddress('deliveryAddress', patch.deliveryAddress) : null),
      current.deliveryAddress,
    ),
    companyInfo: keep(
      patch.companyInfo,
      () => (patch.companyInfo ? normalizeCompanyInfo(patch.companyInfo) : null),
      current.companyInfo,
    ),
    updatedAt: now,
  };
  return { details, names };
}
