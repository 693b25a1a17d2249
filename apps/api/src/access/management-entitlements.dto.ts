import { ENTITLEMENT_LIST_LIMITS, ENTITLEMENT_TYPES, EntitlementType } from '@kiosk/domain/access';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { NullableInAnswer } from '../platform/http/views';

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class ManagementEntitlementsQuery {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(128) userId?: string;
  /** Only the entitlements of the user with this e-mail (the whole address, case ignored). */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(320) email?: string;
  @IsOptional() @IsIn(ENTITLEMENT_TYPES) type?: EntitlementType;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(128) sku?: string;
  /** Page size, newest first: 1 to 500, default 50. */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(ENTITLEMENT_LIST_LIMITS.max) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}

/** Management-interface 3.3 origin: `PAYMENTS` with `contractId`, `EXTERNAL` with `listId` and `name`; the others keep their type. */
export class ManagementEntitlementOriginView {
  @IsString() type!: string;
  @IsString() id!: string;
  @NullableInAnswer() @IsString() contractId!: string | null;
  @NullableInAnswer() @IsString() listId!: string | null;
  @NullableInAnswer() @IsString() name!: string | null;
}

/** Interface 2.6 Entitlement with the user it belongs to; absent values are null. */
export class ManagementEntitlementView {
  @IsString() id!: string;
  @IsString() userId!: string;
  @IsString() sku!: string;
  @NullableInAnswer() @IsString() purchaseOption!: string | null;
  @NullableInAnswer() @IsString() cover!: string | null;
  @IsString() title!: string;
  @NullableInAnswer() @IsString() url!: string | null;
  @NullableInAnswer() @IsString() presentationUrl!: string | null;
  @NullableInAnswer() @IsString() publisherContentId!: string | null;
  @NullableInAnswer() @IsString() token!: string | null;
  @IsIn(ENTITLEMENT_TYPES) type!: EntitlementType;
  @ValidateNested() @Type(() => ManagementEntitlementOriginView) origin!: ManagementEntitlementOriginView;
  @IsBoolean() hasAccess!: boolean;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
  @NullableInAnswer() @IsString() expiresAt!: string | null;
}
