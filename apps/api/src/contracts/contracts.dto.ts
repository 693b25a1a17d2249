import { Type } from 'class-transformer';
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
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

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
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e12) amount?: number;
  @IsOptional() @IsBoolean() taxIncluded?: boolean;
}

export class PaymentBody {
  @IsString() @MaxLength(64) provider!: string;
  @IsString() @MaxLength(64) method!: string;
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

export class ContractsQuery {
  @IsString() @IsNotEmpty() @MaxLength(128) userId!: string;
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
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(100) percentage?: number;
  /** Major units; needs `currency`. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(1e12) amount?: number;
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
  @IsOptional() @IsString() cover?: string;
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
  @IsOptional() @IsString() id?: string;
  @IsIn(['APPLIED', 'UNAPPLICABLE']) status!: string;
  @IsOptional() @IsString() startsAt?: string;
  @IsOptional() @IsString() endsAt?: string;
}

export class DiscountView {
  @IsOptional() @IsString() endsAt?: string;
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
  @IsOptional() @ValidateNested() @Type(() => PartyView) payer?: PartyView;
  @IsString() createdAt!: string;
  @IsOptional() @IsString() confirmedAt?: string;
  @IsString() updatedAt!: string;
  @IsNumber() price!: number;
  @IsOptional() @IsString() nextBillAt?: string;
  @IsOptional() @IsNumber() nextPrice?: number;
  @IsString() currency!: string;
  @IsString() manageUrl!: string;
  @IsIn(['RECURRING', 'ONE_TIME']) contractDuration!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ContractItemView) items!: ContractItemView[];
  @IsIn(['PENDING', 'ACTIVE', 'FORTHCOMING', 'OVERDUE', 'CANCELED']) status!: string;
  @IsBoolean() isActive!: boolean;
  @IsOptional() @IsString() recurringInterval?: string;
  @IsOptional() @IsInt() recurringTime?: number;
  @IsOptional() @IsString() willCancelAt?: string;
  @IsOptional() @IsString() cancelRequestedAt?: string;
  @IsOptional() @IsString() expiresAt?: string;
  @IsOptional() @IsString() cancelReason?: string;
  @ValidateNested() @Type(() => OriginView) origin!: OriginView;
  @ValidateNested() @Type(() => PaymentDataView) paymentData!: PaymentDataView;
  @IsArray() @ValidateNested({ each: true }) @Type(() => AppliedDiscountView) appliedDiscounts!: AppliedDiscountView[];
  @IsOptional() @ValidateNested() @Type(() => DiscountView) discount!: DiscountView | null;
}

/** Seat user entry (interface 4.1). */
export class SeatUserView {
  @IsString() userId!: string;
  @IsString() sku!: string;
  @IsString() status!: string;
  @IsOptional() @IsString() entitlementId?: string | null;
  @IsOptional() @IsString() email?: string;
  @IsOptional() @IsString() fullName?: string;
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
  @IsOptional() @IsNumber() percentage?: number;
  @IsOptional() @IsNumber() amount?: number;
  @IsOptional() @IsString() currency?: string;
  @IsOptional() @IsInt() bills?: number;
  @IsOptional() @IsString() until?: string;
  @IsOptional() @IsString() validFrom?: string;
  @IsOptional() @IsString() validUntil?: string;
  @IsArray() purchaseOptionIds!: string[];
  @IsOptional() @IsInt() maxRedemptions?: number;
  @IsInt() redemptions!: number;
}
