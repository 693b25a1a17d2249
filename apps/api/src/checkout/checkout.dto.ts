import { Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import { Nullable } from '../platform/http/dto-decorators';
import { NullableInAnswer } from '../platform/http/views';
import { SERVICE_LANGUAGES, ServiceLanguage } from '@kiosk/domain';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';

const TEXT = 500;
const COUNTRY = /^[A-Za-z]{2}$/;

/** A map of string to string with at most `maxKeys` keys of at most 100 and values of at most 1000 characters. */
export function IsStringMap(maxKeys: number, options?: ValidationOptions): PropertyDecorator {
  const validate = ValidateBy(
    {
      name: 'isStringMap',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length <= maxKeys &&
          Object.entries(value).every(([k, v]) => k.length >= 1 && k.length <= 100 && typeof v === 'string' && v.length <= 1000),
        defaultMessage: () => `$property must be a map of string to string (at most ${maxKeys} keys)`,
      },
    },
    options,
  );
  // The document's schema says the same (the generator would otherwise name the reflected type, `Object`).
  const schema = JSONSchema((() => ({
    type: 'object',
    maxProperties: maxKeys,
    propertyNames: { minLength: 1, maxLength: 100 },
    additionalProperties: { type: 'string', maxLength: 1000 },
  })) as never);
  return (target, property) => {
    validate(target, property);
    schema(target, String(property));
  };
}

export class CheckoutAddressBody {
  @IsOptional() @IsString() @Matches(COUNTRY, { message: 'country must be two letters' }) country?: string;
  @IsOptional() @IsString() @MaxLength(32) zip?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) city?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) street?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) co?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) lastName?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) firstName?: string;
}

export class GeoRestrictionsBody {
  @IsArray() @ArrayMaxSize(300) @IsString({ each: true }) @Matches(COUNTRY, { each: true, message: 'countries must be two-letter codes' })
  countries!: string[];
  @IsIn(['ALLOW', 'BLOCK']) type!: 'ALLOW' | 'BLOCK';
}

export class CheckoutItemBody {
  @IsOptional() @IsString() @MaxLength(128) sku?: string;
  @IsOptional() @IsString() @MaxLength(2048) url?: string;
  @IsOptional() @IsString() @MaxLength(128) purchaseOptionId?: string;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e12) price?: number;
  @IsOptional() @IsString() @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code' }) currency?: string;
  @IsOptional() @ValidateNested() @Type(() => GeoRestrictionsBody) geoRestrictions?: GeoRestrictionsBody;
}

export class AttributionBody {
  @IsOptional() @IsString() @MaxLength(TEXT) utmSource?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) utmMedium?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) utmCampaign?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) utmTerm?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) utmContent?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) source?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) sourceId?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) itemSrc?: string;
  @IsOptional() @IsString() @MaxLength(2048) referrer?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) publisherContentId?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) _ga?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) _gid?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) _fbp?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) _fbc?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) _pk_id?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) gaSessionId?: string;
  /**
   * The service's own field: the strategy leaf (node id) that chose the paywall a checkout was started from
   * (`source: "paywall"`, `sourceId` the paywall). The browser library's paywall component sends it (docs/stats.md).
   */
  @IsOptional() @IsString() @MaxLength(TEXT) strategyNodeId?: string;
}

export class PaymentDataBody {
  @IsString() @MaxLength(64) provider!: string;
  @IsString() @MaxLength(64) method!: string;
}

export class PaymentMethodsBody {
  @IsString() @MaxLength(64) provider!: string;
  @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(64, { each: true }) methods!: string[];
}

export class FieldSettingBody {
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsBoolean() required?: boolean;
}
export class ReferralSettingBody {
  @IsOptional() @IsBoolean() enabled?: boolean;
}
export class FieldSettingsBody {
  @IsOptional() @ValidateNested() @Type(() => FieldSettingBody) name?: FieldSettingBody;
  @IsOptional() @ValidateNested() @Type(() => FieldSettingBody) phone?: FieldSettingBody;
  @IsOptional() @ValidateNested() @Type(() => FieldSettingBody) birthdate?: FieldSettingBody;
  @IsOptional() @ValidateNested() @Type(() => ReferralSettingBody) referral?: ReferralSettingBody;
}

/**
 * The checkout request of interface 2.8, on create and update. Every field
 * is optional in the shape; the domain decides what a payment needs. Prices
 * are requests the domain checks against the vendor's price list.
 * `companyName` and `vatNumber` go with `isBusiness` (the interface names
 * the VAT number without a field; these two are the service's own).
 */
export class CheckoutBody {
  @IsOptional() @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => CheckoutItemBody) items?: CheckoutItemBody[];
  @IsOptional() @ValidateNested() @Type(() => CheckoutAddressBody) address?: CheckoutAddressBody;
  @IsOptional() @ValidateNested() @Type(() => CheckoutAddressBody) businessAddress?: CheckoutAddressBody;
  @IsOptional() @IsEmail() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) givenName?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) familyName?: string;
  @IsOptional() @IsString() @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'birthDate must be YYYY-MM-DD' }) birthDate?: string;
  @IsOptional() @IsString() @MaxLength(64) phoneNumber?: string;
  @IsOptional() @IsString() @Matches(COUNTRY, { message: 'country must be two letters' }) country?: string;
  /** The buyer's confirmed country of residence, one of the countries a 409 `CHECKOUT.RESIDENCE_TO_CONFIRM` named (docs/invoices.md). */
  @IsOptional() @IsString() @Matches(COUNTRY, { message: 'residenceCountry must be two letters' }) residenceCountry?: string;
  @IsOptional() @IsEmail() @MaxLength(320) referralEmail?: string;
  @IsOptional() @IsString() @MaxLength(35) language?: string;
  @IsOptional() @IsString() @MaxLength(2048) @Matches(/^https?:\/\//i, { message: 'redirectUrl must be an http(s) address' }) redirectUrl?: string;
  @IsOptional() @IsString() @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code' }) currency?: string;
  @IsOptional() @IsString() @MaxLength(128) anonymousUserId?: string;
  @IsOptional() @IsBoolean() isBusiness?: boolean;
  @IsOptional() @IsBoolean() giftMode?: boolean;
  @IsOptional() @IsBoolean() requireAddress?: boolean;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e12) price?: number;
  @IsOptional() @ValidateNested() @Type(() => AttributionBody) attribution?: AttributionBody;
  @IsOptional() @ValidateNested() @Type(() => PaymentDataBody) paymentData?: PaymentDataBody;
  @IsOptional() @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => PaymentMethodsBody)
  paymentMethodsFilter?: PaymentMethodsBody[];
  @IsOptional() @ValidateNested() @Type(() => FieldSettingsBody) fieldSettings?: FieldSettingsBody;
  @IsOptional() @IsStringMap(50) metadata?: Record<string, string>;
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsString({ each: true }) @MaxLength(64, { each: true }) requestedDiscountCodes?: string[];
  @IsOptional() @IsEmail() @MaxLength(320) payerEmail?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) companyName?: string;
  @IsOptional() @IsString() @MaxLength(64) vatNumber?: string;
}

// ---- responses (the OpenAPI document's schemas) ----

export class CheckoutItemView {
  @IsString() sku!: string;
  @NullableInAnswer() @IsString() url!: string | null;
  @IsString() purchaseOptionId!: string;
  @IsNumber() price!: number;
  @IsString() currency!: string;
  @NullableInAnswer() @ValidateNested() @Type(() => GeoRestrictionsBody) geoRestrictions!: GeoRestrictionsBody | null;
}

export class OwnedItemView {
  @IsString() sku!: string;
  @IsString() purchaseOptionId!: string;
  @IsString() title!: string;
}

export class AppliedDiscountCodeView {
  @IsString() name!: string;
  @NullableInAnswer() @IsString() id!: string | null;
  @IsString() code!: string;
  @IsString() description!: string;
  @IsIn(['APPLIED', 'UNAPPLICABLE']) status!: string;
}

export class PayerView {
  @IsString() id!: string;
  @IsString() email!: string;
}

export class CheckoutView {
  @IsString() id!: string;
  @IsString() checkoutUrl!: string;
  @IsIn(['PENDING', 'WAITING_PAYMENT_CONFIRMATION', 'COMPLETED', 'EXPIRED']) status!: string;
  @IsIn(['SINGLE', 'RECURRING']) type!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CheckoutItemView) items!: CheckoutItemView[];
  @NullableInAnswer() @ValidateNested() @Type(() => CheckoutAddressBody) address!: CheckoutAddressBody | null;
  @NullableInAnswer() @ValidateNested() @Type(() => CheckoutAddressBody) businessAddress!: CheckoutAddressBody | null;
  @NullableInAnswer() @IsString() email!: string | null;
  @NullableInAnswer() @IsString() givenName!: string | null;
  @NullableInAnswer() @IsString() familyName!: string | null;
  @NullableInAnswer() @IsString() birthDate!: string | null;
  @NullableInAnswer() @IsString() phoneNumber!: string | null;
  @NullableInAnswer() @IsString() country!: string | null;
  @NullableInAnswer() @IsString() referralEmail!: string | null;
  @NullableInAnswer() @IsString() language!: string | null;
  @NullableInAnswer() @IsString() redirectUrl!: string | null;
  @IsString() currency!: string;
  @NullableInAnswer() @IsString() anonymousUserId!: string | null;
  @NullableInAnswer() @IsString() companyName!: string | null;
  @NullableInAnswer() @IsString() vatNumber!: string | null;
  @IsBoolean() isBusiness!: boolean;
  @IsBoolean() giftMode!: boolean;
  @IsBoolean() requireAddress!: boolean;
  @IsNumber() price!: number;
  @ValidateNested() @Type(() => AttributionBody) attribution!: AttributionBody;
  @NullableInAnswer() @ValidateNested() @Type(() => PaymentDataBody) paymentData!: PaymentDataBody | null;
  @NullableInAnswer() @IsArray() @ValidateNested({ each: true }) @Type(() => PaymentMethodsBody) paymentMethodsFilter!: PaymentMethodsBody[] | null;
  @ValidateNested() @Type(() => FieldSettingsBody) fieldSettings!: FieldSettingsBody;
  @IsStringMap(50) metadata!: Record<string, string>;
  @IsArray() @ValidateNested({ each: true }) @Type(() => OwnedItemView) itemsOwned!: OwnedItemView[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => AppliedDiscountCodeView) appliedDiscountCodes!: AppliedDiscountCodeView[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => PaymentMethodsBody) availablePaymentMethods!: PaymentMethodsBody[];
  @NullableInAnswer() @ValidateNested() @Type(() => PayerView) payer!: PayerView | null;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
  @IsString() expiresAt!: string;
  @IsArray() @IsString({ each: true }) contractIds!: string[];
  /**
   * VAT of `price` for the buyer's country (docs/invoices.md): net, vat, gross in major units, rate in percent
   * (null when lines differ), rates, country, reverseCharge, taxIncluded (of the first line). `price` is unchanged by it.
   */
  @NullableInAnswer() @IsObject() tax!: Record<string, unknown> | null;
}

/** The vendor's checkout settings (management). */
export class CheckoutSettingsBody {
  @IsOptional() @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => PaymentMethodsBody) allowedMethods?: PaymentMethodsBody[] | null;
  @IsOptional() @IsInt() @Min(1) @Max(720) lifetimeHours?: number;
  @IsOptional() @IsBoolean() businessEnabled?: boolean;
  @IsOptional() @IsBoolean() giftEnabled?: boolean;
  @IsOptional() @IsBoolean() invoiceForBusiness?: boolean;
  /** https only, any host (the domain checks it is an address: isHttpsAddress); null clears. */
  @Nullable() @IsString() @MaxLength(2048) @Matches(/^https:\/\//i, { message: 'termsUrl must be an https address' }) termsUrl?: string | null;
  @Nullable() @IsString() @MaxLength(2048) @Matches(/^https:\/\//i, { message: 'privacyUrl must be an https address' }) privacyUrl?: string | null;
  /** The readers' language when nothing they send says one the service speaks; null for English. */
  @Nullable() @IsIn([...SERVICE_LANGUAGES]) defaultLanguage?: ServiceLanguage | null;
  @IsOptional() @IsString() @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be #rrggbb' }) color?: string;
}

export class CheckoutSettingsView {
  @NullableInAnswer() @IsArray() @ValidateNested({ each: true }) @Type(() => PaymentMethodsBody) allowedMethods!: PaymentMethodsBody[] | null;
  @IsInt() lifetimeHours!: number;
  @IsBoolean() businessEnabled!: boolean;
  @IsBoolean() giftEnabled!: boolean;
  @IsBoolean() invoiceForBusiness!: boolean;
  @NullableInAnswer() @IsString() termsUrl!: string | null;
  @NullableInAnswer() @IsString() privacyUrl!: string | null;
  @NullableInAnswer() @IsIn([...SERVICE_LANGUAGES]) defaultLanguage!: ServiceLanguage | null;
  @IsString() color!: string;
}
