import { CheckoutAddress, CheckoutDetails, DEFAULT_FIELD_SETTINGS, FieldSettings } from './checkout';

/** What a checkout request (interface 2.8) may say, and how it is laid over a checkout's current details. */

export interface CheckoutItemRequest {
  sku?: string;
  url?: string;
  purchaseOptionId?: string;
  /** Major units; checked against the price list, never trusted. */
  price?: number;
  currency?: string;
  geoRestrictions?: { countries: readonly string[]; type: string };
}

/** The checkout request of interface 2.8, as the edge validated its shape. Absent fields are left as they are. */
export interface CheckoutRequest {
  items?: CheckoutItemRequest[];
  address?: Partial<CheckoutAddress> | null;
  businessAddress?: Partial<CheckoutAddress> | null;
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  birthDate?: string | null;
  phoneNumber?: string | null;
  country?: string | null;
  /** The buyer's confirmed country of residence (residence.ts). */
  residenceCountry?: string | null;
  referralEmail?: string | null;
  language?: string | null;
  redirectUrl?: string | null;
  currency?: string;
  anonymousUserId?: string | null;
  companyName?: string | null;
  vatNumber?: string | null;
  isBusiness?: boolean;
  giftMode?: boolean;
  requireAddress?: boolean;
  price?: number;
  attribution?: Record<string, string>;
  paymentData?: { provider: string; method: string } | null;
  paymentMethodsFilter?: { provider: string; methods: string[] }[] | null;
  fieldSettings?: {
    name?: Partial<{ enabled: boolean; required: boolean }>;
    phone?: Partial<{ enabled: boolean; required: boolean }>;
    birthdate?: Partial<{ enabled: boolean; required: boolean }>;
    referral?: Partial<{ enabled: boolean }>;
  };
  metadata?: Record<string, string>;
  requestedDiscountCodes?: string[];
  payerEmail?: string | null;
}

export const EMPTY_DETAILS: CheckoutDetails = {
  email: null,
  givenName: null,
  familyName: null,
  birthDate: null,
  phoneNumber: null,
  country: null,
  referralEmail: null,
  language: null,
  redirectUrl: null,
  anonymousUserId: null,
  payerEmail: null,
  address: null,
  businessAddress: null,
  companyName: null,
  vatNumber: null,
  isBusiness: false,
  giftMode: false,
  requireAddress: false,
  attribution: {},
  metadata: {},
  fieldSettings: DEFAULT_FIELD_SETTINGS,
  paymentData: null,
  paymentMethodsFilter: null,
};

const ADDRESS_FIELDS = ['country', 'zip', 'city', 'street', 'co', 'lastName', 'firstName'] as const;

function address(value: Partial<CheckoutAddress> | null | undefined, current: CheckoutAddress | null): CheckoutAddress | null {
  if (value === undefined) return current;
  if (value === null) return null;
  const fields = Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, value[k]?.trim() || null])) as Record<string, string | null>;
  if (fields.country) fields.country = fields.country.toUpperCase();
  return fields as unknown as CheckoutAddress;
}

function fieldSettings(value: CheckoutRequest['fieldSettings'], current: FieldSettings): FieldSettings {
  if (!value) return current;
  const one = (v: Partial<{ enabled: boolean; required: boolean }> | undefined, c: { enabled: boolean; required: boolean }) => {
    const enabled = v?.enabled ?? c.enabled;
    return { enabled, required: enabled && (v?.required ?? c.required) };
  };
  return {
    name: one(value.name, current.name),
    phone: one(value.phone, current.phone),
    birthdate: one(value.birthdate, current.birthdate),
    referral: { enabled: value.referral?.enabled ?? current.referral.enabled },
  };
}

/** The request laid over the current details: fields present replace, absent ones stay. */
export function mergeDetails(current: CheckoutDetails, r: CheckoutRequest): CheckoutDetails {
  const pick = <K extends keyof CheckoutDetails>(key: K, value: CheckoutDetails[K] | undefined): CheckoutDetails[K] =>
    value === undefined ? current[key] : value;
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
  return {
    email: pick('email', text(r.email)),
    givenName: pick('givenName', text(r.givenName)),
    familyName: pick('familyName', text(r.familyName)),
    birthDate: pick('birthDate', text(r.birthDate)),
    phoneNumber: pick('phoneNumber', text(r.phoneNumber)),
    country: pick('country', text(r.country)?.toUpperCase()),
    residenceCountry: pick('residenceCountry', text(r.residenceCountry)?.toUpperCase()) ?? null,
    referralEmail: pick('referralEmail', text(r.referralEmail)),
    language: pick('language', text(r.language)),
    redirectUrl: pick('redirectUrl', text(r.redirectUrl)),
    anonymousUserId: pick('anonymousUserId', text(r.anonymousUserId)),
    payerEmail: pick('payerEmail', text(r.payerEmail)),
    companyName: pick('companyName', text(r.companyName)),
    vatNumber: pick('vatNumber', text(r.vatNumber)),
    address: address(r.address, current.address),
    businessAddress: address(r.businessAddress, current.businessAddress),
    isBusiness: pick('isBusiness', r.isBusiness),
    giftMode: pick('giftMode', r.giftMode),
    requireAddress: pick('requireAddress', r.requireAddress),
    attribution: pick('attribution', r.attribution ? { ...r.attribution } : undefined),
    metadata: pick('metadata', r.metadata ? { ...r.metadata } : undefined),
    fieldSettings: fieldSettings(r.fieldSettings, current.fieldSettings),
    paymentData: pick('paymentData', r.paymentData === undefined ? undefined : r.paymentData ? { ...r.paymentData } : null),
    paymentMethodsFilter: pick(
      'paymentMethodsFilter',
      r.paymentMethodsFilter === undefined
        ? undefined
        : r.paymentMethodsFilter
          ? r.paymentMethodsFilter.map((f) => ({ provider: f.provider, methods: [...f.methods] }))
          : null,
    ),
  };
}
