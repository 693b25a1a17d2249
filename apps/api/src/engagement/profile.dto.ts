import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Nullable } from '../platform/http/dto-decorators';
import { NullableInAnswer } from '../platform/http/views';

// Shapes only; formats (country, zip, phones, VAT) are the domain's rules and answer 400 from there.
const TEXT = 200;

/** Interface 2.6a Address; `country` is required when an address is given. */
export class ProfileAddressBody {
  @IsString() @MaxLength(8) country!: string;
  @Nullable() @IsString() @MaxLength(32) zip?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) city?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) street?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) co?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) firstName?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) lastName?: string | null;
}

/** Interface 2.6a Company info. */
export class ProfileCompanyInfoBody {
  @Nullable() @IsString() @MaxLength(TEXT) companyName?: string | null;
  @Nullable() @IsString() @MaxLength(32) vatNr?: string | null;
  @Nullable() @IsString() @MaxLength(320) invoiceEmail?: string | null;
}

/**
 * PATCH /profile: only these fields; `null` clears one. `given_name`,
 * `family_name` and `phone_number` are aliases of `firstName`, `lastName`
 * and `mobilePhone` (both forms given with different values: 400).
 * `user_metadata` is merged: a string sets a key, null removes it.
 */
export class ProfilePatchBody {
  @Nullable() @IsString() @MaxLength(TEXT) firstName?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) lastName?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) given_name?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) family_name?: string | null;
  @Nullable() @IsString() @MaxLength(TEXT) nickname?: string | null;
  @Nullable() @IsString() @MaxLength(64) mobilePhone?: string | null;
  @Nullable() @IsString() @MaxLength(64) phone_number?: string | null;
  @Nullable() @IsString() @MaxLength(64) workPhone?: string | null;
  @Nullable() @IsString() @MaxLength(64) homePhone?: string | null;
  @Nullable() @IsObject() @ValidateNested() @Type(() => ProfileAddressBody) billingAddress?: ProfileAddressBody | null;
  @Nullable() @IsObject() @ValidateNested() @Type(() => ProfileAddressBody) deliveryAddress?: ProfileAddressBody | null;
  @Nullable() @IsObject() @ValidateNested() @Type(() => ProfileCompanyInfoBody) companyInfo?: ProfileCompanyInfoBody | null;
  @IsOptional() @IsObject() user_metadata?: Record<string, string | null>;
}

export class ProfileAddressView {
  @IsString() country!: string;
  @NullableInAnswer() @IsString() zip!: string | null;
  @NullableInAnswer() @IsString() city!: string | null;
  @NullableInAnswer() @IsString() street!: string | null;
  @NullableInAnswer() @IsString() co!: string | null;
  @NullableInAnswer() @IsString() firstName!: string | null;
  @NullableInAnswer() @IsString() lastName!: string | null;
}

export class ProfileCompanyInfoView {
  @NullableInAnswer() @IsString() companyName!: string | null;
  @NullableInAnswer() @IsString() vatNr!: string | null;
  @NullableInAnswer() @IsString() invoiceEmail!: string | null;
}

/** Interface 2.7; absent values are left out. */
export class ProfileView {
  @IsString() userId!: string;
  @IsString() sub!: string;
  @IsString() email!: string;
  @IsBoolean() emailVerified!: boolean;
  @NullableInAnswer() @IsString() firstName!: string | null;
  @NullableInAnswer() @IsString() lastName!: string | null;
  @NullableInAnswer() @IsString() given_name!: string | null;
  @NullableInAnswer() @IsString() family_name!: string | null;
  @NullableInAnswer() @IsString() name!: string | null;
  @NullableInAnswer() @IsString() nickname!: string | null;
  @NullableInAnswer() @IsString() locale!: string | null;
  @NullableInAnswer() @IsString() picture!: string | null;
  @NullableInAnswer() @IsString() mobilePhone!: string | null;
  @NullableInAnswer() @IsString() phone_number!: string | null;
  @NullableInAnswer() @IsString() workPhone!: string | null;
  @NullableInAnswer() @IsString() homePhone!: string | null;
  @IsArray() @IsString({ each: true }) tags!: string[];
  @IsObject() user_metadata!: Record<string, string>;
  @NullableInAnswer() @ValidateNested() @Type(() => ProfileAddressView) billingAddress!: ProfileAddressView | null;
  @NullableInAnswer() @ValidateNested() @Type(() => ProfileAddressView) deliveryAddress!: ProfileAddressView | null;
  @NullableInAnswer() @ValidateNested() @Type(() => ProfileCompanyInfoView) companyInfo!: ProfileCompanyInfoView | null;
  @NullableInAnswer() @IsString() company!: string | null;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class StreamingLinkView {
  @IsBoolean() isStreamingLinked!: boolean;
}

export class EngagementSuccessView {
  @IsBoolean() success!: boolean;
}
