import {
  AMENDMENT_TYPES,
  CONTRACT_LIST_LIMITS,
  CONTRACT_STATUSES,
  ContractStatus,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
} from '@kiosk/domain/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsMajorAmount } from '../platform/http/dto-decorators';
import { NullableInAnswer } from '../platform/http/views';

const TEXT = 500;

export class BusinessDetailsBody {
  @IsOptional() @IsString() @MaxLength(TEXT) companyName?: string;
  @IsOptional() @IsString() @MaxLength(64) vatNr?: string;
}

export class AddressBody {
  @IsString() @MaxLength(TEXT) street!: string;
  @IsString() @MaxLength(32) zip!: string;
  @IsString() @MaxLength(TEXT) city!: string;
  @IsString() @Matches(/^[A-Z]{2}$/, { message: 'country must be two capital letters' }) country!: string;
  @IsOptional() @IsString() @MaxLength(TEXT) firstName?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) lastName?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) co?: string;
}

export class PersonBody {
  @IsEmail() @MaxLength(320) email!: string;
  @IsOptional() @IsString() @MaxLength(TEXT) firstName?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) lastName?: string;
  @IsOptional() @IsString() @MaxLength(64) phone?: string;
  @IsOptional() @ValidateNested() @Type(() => BusinessDetailsBody) businessDetails?: BusinessDetailsBody;
  @IsOptional() @ValidateNested() @Type(() => AddressBody) address?: AddressBody;
  @IsOptional() @ValidateNested() @Type(() => AddressBody) deliveryAddress?: AddressBody;
}

export class InvoiceBody {
  @IsOptional() @IsEmail() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(TEXT) customerReference?: string;
  @IsOptional() @IsString() @MaxLength(34) vendorReference?: string;
  @IsOptional() @IsString() @MaxLength(64) ediNumber?: string;
}

export class UnitPriceBody {
  /** Major units in the purchase option's currency. */
  @IsOptional() @IsMajorAmount() @Min(0) @Max(1e12) amount?: number;
  @IsOptional() @IsBoolean() taxIncluded?: boolean;
}

export class PaymentBody {
  @IsIn(PAYMENT_PROVIDERS, { message: `provider must be one of: ${PAYMENT_PROVIDERS.join(', ')}` })
  provider!: (typeof PAYMENT_PROVIDERS)[number];
  @IsIn(PAYMENT_METHODS, { message: `method must be one of: ${PAYMENT_METHODS.join(', ')}` })
  method!: (typeof PAYMENT_METHODS)[number];
  @IsOptional() @IsString() @Matches(/^[A-Z]{2}$/, { message: 'country must be two capital letters' }) country?: string;
}

/** The create-contract body of interface 4.1. */
export class CreateContractBody {
  @IsString() @IsNotEmpty() @MaxLength(128) sku!: string;
  @IsString() @IsNotEmpty() @MaxLength(128) purchaseOptionId!: string;
  @IsOptional() @IsIn(['PERSONAL', 'BUSINESS']) contractType?: 'PERSONAL' | 'BUSINESS';
  @ValidateNested() @Type(() => PersonBody) user!: PersonBody;
  @IsOptional() @ValidateNested() @Type(() => PersonBody) payer?: PersonBody;
  @IsOptional() @ValidateNested() @Type(() => InvoiceBody) invoice?: InvoiceBody;
  @IsOptional() @IsInt() @Min(1) @Max(1_000_000) quantity?: number;
  @IsOptional() @IsInt() @Min(1) @Max(1_000_000) seats?: number;
  @IsOptional() @ValidateNested() @Type(() => UnitPriceBody) unitPrice?: UnitPriceBody;
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(64, { each: true }) discountCodes?: string[];
  @ValidateNested() @Type(() => PaymentBody) payment!: PaymentBody;
  @IsOptional() @IsISO8601({ strict: true }) startsAt?: string;
  @IsOptional() @IsISO8601({ strict: true }) anchorDate?: string;
  @IsOptional() @IsBoolean() confirm?: boolean;
}

/** Query strings are text; a page size or offset is a whole number written in digits. */
const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class ContractsQuery {
  /** Only this user's contracts; without `limit`, all of them. */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(128) userId?: string;
  /** Only the contracts of the user with this e-mail (the whole address, case ignored). */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(320) email?: string;
  @IsOptional() @IsIn(CONTRACT_STATUSES) status?: ContractStatus;
  /** Page size, newest first: 1 to 500, default 50 (all of a user's contracts with `userId`). */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(CONTRACT_LIST_LIMITS.max) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}

export class SetSeatsBody {
  @IsInt() @Min(1) @Max(1_000_000) seats!: number;
  @IsOptional() @IsString() @MaxLength(128) sku?: string;
}

export class SeatUsersQuery {
  @IsOptional() @IsString() @MaxLength(128) sku?: string;
}

export class AssignSeatBody {
  @IsEmail() @MaxLength(320) email!: string;
  @IsOptional() @IsString() @MaxLength(128) sku?: string;
}

export class DiscountValueBody {
  @IsOptional() @IsMajorAmount({ message: 'percentage must be a number with at most two decimals' }) @Min(0.01) @Max(100) percentage?: number;
  /** Major units; needs `currency`. */
  @IsOptional() @IsMajorAmount() @Min(0.01) @Max(1e12) amount?: number;
  @IsOptional() @Matches(/^[A-Z]{3}$/) currency?: string;
}

export class CreateDiscountCodeBody {
  @IsString() @IsNotEmpty() @MaxLength(64) code!: string;
  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ValidateNested() @Type(() => DiscountValueBody) value!: DiscountValueBody;
  /** Number of bills discounted; leave out with `until` or for a discount without end. */
  @IsOptional() @IsInt() @Min(1) @Max(1000) bills?: number;
  @IsOptional() @IsISO8601({ strict: true }) until?: string;
  @IsOptional() @IsISO8601({ strict: true }) validFrom?: string;
  @IsOptional() @IsISO8601({ strict: true }) validUntil?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) purchaseOptionIds?: string[];
  @IsOptional() @IsInt() @Min(1) maxRedemptions?: number;
}

// Response shapes (documentation; the views below build them).

export class ContractItemView {
  @IsString() sku!: string;
  @IsString() purchaseOptionId!: string;
  @IsString() purchaseOptionName!: string;
  @IsString() name!: string;
  @NullableInAnswer() @IsString() cover!: string | null;
  @IsString() productType!: string;
  @IsString() purchaseType!: string;
  @IsBoolean() isMultiseat!: boolean;
  @IsInt() quantity!: number;
  @IsInt() seats!: number;
}

export class AppliedDiscountView {
  @IsString() code!: string;
  @IsString() name!: string;
  @IsString() description!: string;
  @NullableInAnswer() @IsString() id!: string | null;
  @IsIn(['APPLIED', 'UNAPPLICABLE']) status!: string;
  @NullableInAnswer() @IsString() startsAt!: string | null;
  @NullableInAnswer() @IsString() endsAt!: string | null;
}

export class DiscountView {
  @NullableInAnswer() @IsString() endsAt!: string | null;
  @IsNumber() amount!: number;
  @IsNumber() percentage!: number;
  @IsNumber() fullPrice!: number;
}

export class PartyView {
  @IsString() id!: string;
  @IsString() email!: string;
}

export class OriginView {
  @IsString() type!: string;
  @IsString() id!: string;
}

export class PaymentDataView {
  @IsString() method!: string;
  @IsString() description!: string;
  @IsString() brand!: string;
  @IsString() walletType!: string;
}

/** Contract (interface 2.2). */
export class ContractView {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() userId!: string;
  @NullableInAnswer() @ValidateNested() @Type(() => PartyView) payer!: PartyView | null;
  /**
   * VAT of `price` as the next invoice shows it (docs/invoices.md): net, vat, gross in major units, rate in
   * percent (null when lines differ), rates, country, reverseCharge, taxIncluded. `price` is unchanged by it.
   */
  @NullableInAnswer() @IsObject() tax!: Record<string, unknown> | null;
  @IsString() createdAt!: string;
  @NullableInAnswer() @IsString() confirmedAt!: string | null;
  @IsString() updatedAt!: string;
  @IsNumber() price!: number;
  @NullableInAnswer() @IsString() nextBillAt!: string | null;
  @NullableInAnswer() @IsNumber() nextPrice!: number | null;
  @IsString() currency!: string;
  @IsString() manageUrl!: string;
  @IsIn(['RECURRING', 'ONE_TIME']) contractDuration!: string;
  /** Contracts count no issues: always null. */
  @NullableInAnswer() @IsInt() issuesRemaining!: number | null;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ContractItemView) items!: ContractItemView[];
  @IsIn(['PENDING', 'ACTIVE', 'FORTHCOMING', 'OVERDUE', 'CANCELED']) status!: string;
  @IsBoolean() isActive!: boolean;
  @NullableInAnswer() @IsString() recurringInterval!: string | null;
  @NullableInAnswer() @IsInt() recurringTime!: number | null;
  @NullableInAnswer() @IsString() willCancelAt!: string | null;
  @NullableInAnswer() @IsString() cancelRequestedAt!: string | null;
  @NullableInAnswer() @IsString() expiresAt!: string | null;
  @NullableInAnswer() @IsString() cancelReason!: string | null;
  @ValidateNested() @Type(() => OriginView) origin!: OriginView;
  @ValidateNested() @Type(() => PaymentDataView) paymentData!: PaymentDataView;
  @IsArray() @ValidateNested({ each: true }) @Type(() => AppliedDiscountView) appliedDiscounts!: AppliedDiscountView[];
  @NullableInAnswer() @ValidateNested() @Type(() => DiscountView) discount!: DiscountView | null;
}

/** Seat user entry (interface 4.1). */
export class SeatUserView {
  @IsString() userId!: string;
  @IsString() sku!: string;
  @IsString() status!: string;
  @NullableInAnswer() @IsString() entitlementId!: string | null;
  @NullableInAnswer() @IsString() email!: string | null;
  @NullableInAnswer() @IsString() fullName!: string | null;
}

export class LicenseView {
  @IsString() sku!: string;
  @IsString() contentSku!: string;
  @IsString() purchaseOptionId!: string;
  @IsInt() seats!: number;
  @IsInt() seatsTaken!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => SeatUserView) seatUsers!: SeatUserView[];
}

export class DiscountCodeView {
  @IsString() id!: string;
  @IsString() code!: string;
  @IsString() name!: string;
  @IsString() description!: string;
  @NullableInAnswer() @IsNumber() percentage!: number | null;
  @NullableInAnswer() @IsNumber() amount!: number | null;
  @NullableInAnswer() @IsString() currency!: string | null;
  @NullableInAnswer() @IsInt() bills!: number | null;
  @NullableInAnswer() @IsString() until!: string | null;
  @NullableInAnswer() @IsString() validFrom!: string | null;
  @NullableInAnswer() @IsString() validUntil!: string | null;
  @IsArray() purchaseOptionIds!: string[];
  @NullableInAnswer() @IsInt() maxRedemptions!: number | null;
  @IsInt() redemptions!: number;
}

// The reader's requests on their own contracts.

export class CancelContractBody {
  @IsOptional() @IsString() @MaxLength(TEXT) reason?: string;
  @IsOptional() @IsString() @MaxLength(2000) comment?: string;
}

export class CreateAmendmentBody {
  @IsIn(AMENDMENT_TYPES) type!: (typeof AMENDMENT_TYPES)[number];
  /** DISCOUNT: the code to apply to the next bills. */
  @IsOptional() @IsString() @MaxLength(64) discountCode?: string;
  /** UPGRADE or DOWNGRADE: the target purchase option (one of the contract's upgrade paths). */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(128) purchaseOptionId?: string;
}
