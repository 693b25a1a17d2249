import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

// Shapes only; formats (country, zip, phones, VAT) are the domain's rules and answer 400 from there.
const TEXT = 200;

/** Interface 2.6a Address; `country` is required when an address is given. */
export class ProfileAddressBody {
  @IsString() @MaxLength(8) country!: string;
  @IsOptional() @IsString() @MaxLength(32) zip?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) city?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) street?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) co?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) firstName?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) lastName?: string | null;
}

/** Interface 2.6a Company info. */
export class ProfileCompanyInfoBody {
  @IsOptional() @IsString() @MaxLength(TEXT) companyName?: string | null;
  @IsOptional() @IsString() @MaxLength(32) vatNr?: string | null;
  @IsOptional() @IsString() @MaxLength(320) invoiceEmail?: string | null;
}

/**
 * PATCH /profile: only these fields; `null` clears one. `given_name`,
 * `family_name` and `phone_number` are aliases of `firstName`, `lastName`
 * and `mobilePhone` (both forms given with different values: 400).
 * `user_metadata` is merged: a string sets a key, null removes it.
 */
export class ProfilePatchBody {
  @IsOptional() @IsString() @MaxLength(TEXT) firstName?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) lastName?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) given_name?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) family_name?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) nickname?: string | null;
  @IsOptional() @IsString() @MaxLength(64) mobilePhone?: string | null;
  @IsOptional() @IsString() @MaxLength(64) phone_number?: string | null;
  @IsOptional() @IsString() @MaxLength(64) workPhone?: string | null;
  @IsOptional() @IsString() @MaxLength(64) homePhone?: string | null;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ProfileAddressBody) billingAddress?: ProfileAddressBody | null;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ProfileAddressBody) deliveryAddress?: ProfileAddressBody | null;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ProfileCompanyInfoBody) companyInfo?: ProfileCompanyInfoBody | null;
  @IsOptional() @IsObject() user_metadata?: Record<string, string | null>;
}

export class ProfileAddressView {
  @IsString() country!: string;
  @IsOptional() @IsString() zip?: string;
  @IsOptional() @IsString() city?: string;
  @IsOptional() @IsString() street?: string;
  @IsOptional() @IsString() co?: string;
  @IsOptional() @IsString() firstName?: string;
  @IsOptional() @IsString() lastName?: string;
}

export class ProfileCompanyInfoView {
  @IsOptional() @IsString() companyName?: string;
  @IsOptional() @IsString() vatNr?: string;
  @IsOptional() @IsString() invoiceEmail?: string;
}

/** Interface 2.7; absent values are left out. */
export class ProfileView {
  @IsString() userId!: string;
  @IsString() sub!: string;
  @IsString() email!: string;
  @IsBoolean() emailVerified!: boolean;
  @IsOptional() @IsString() firstName?: string;
  @IsOptional() @IsString() lastName?: string;
  @IsOptional() @IsString() given_name?: string;
  @IsOptional() @IsString() family_name?: string;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() nickname?: string;
  @IsOptional() @IsString() locale?: string;
  @IsOptional() @IsString() picture?: string;
  @IsOptional() @IsString() mobilePhone?: string;
  @IsOptional() @IsString() phone_number?: string;
  @IsOptional() @IsString() workPhone?: string;
  @IsOptional() @IsString() homePhone?: string;
  @IsArray() @IsString({ each: true }) tags!: string[];
  @IsObject() user_metadata!: Record<string, string>;
  @IsOptional() @ValidateNested() @Type(() => ProfileAddressView) billingAddress?: ProfileAddressView;
  @IsOptional() @ValidateNested() @Type(() => ProfileAddressView) deliveryAddress?: ProfileAddressView;
  @IsOptional() @ValidateNested() @Type(() => ProfileCompanyInfoView) companyInfo?: ProfileCompanyInfoView;
  @IsOptional() @IsString() company?: string;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class StreamingLinkView {
  @IsBoolean() isStreamingLinked!: boolean;
}

export class EngagementSuccessView {
  @IsBoolean() success!: boolean;
}
