import { Transform, Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  Max,
  Min,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';
import {
  ACCESS_LIST_STATUSES,
  ACCESS_LIST_TYPES,
  AccessListStatus,
  AccessListType,
  GRANT_LIST_LIMIT,
  GRANT_STATUSES,
  GrantStatus,
} from '@kiosk/domain/access';
import { SKU_PATTERN } from '@kiosk/domain/catalog';
import { Nullable } from '../../platform/http/dto-decorators';
import { NullableInAnswer } from '../../platform/http/views';

/** A map of string to string with at most 50 keys of up to 100 characters and values of up to 1000. */
function IsStringMap(options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isStringMap',
      target: target.constructor,
      propertyName: String(property),
      options: { message: `${String(property)} must map at most 50 names (1 to 100 characters) to strings of at most 1000 characters`, ...options },
      validator: {
        validate: (value: unknown) =>
          value !== null &&
          typeof value === 'object' &&
          !Array.isArray(value) &&
          Object.keys(value).length <= 50 &&
          Object.entries(value).every(([k, v]) => k.length > 0 && k.length <= 100 && typeof v === 'string' && v.length <= 1000),
      },
    });
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** A page of a list's grants: `limit` 1 to 10,000 (default 10,000), `offset` from 0. */
export class GrantsQuery {
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(GRANT_LIST_LIMIT) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}

export class AccessListView {
  @IsString() id!: string;
  @IsString() name!: string;
  @NullableInAnswer() @IsString() description!: string | null;
  @IsIn(ACCESS_LIST_TYPES) type!: AccessListType;
  @IsIn(ACCESS_LIST_STATUSES) status!: AccessListStatus;
  @IsBoolean() excludeFromStats!: boolean;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class CreateAccessListBody {
  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @IsIn(ACCESS_LIST_TYPES) type!: AccessListType;
  @IsIn(ACCESS_LIST_STATUSES) status!: AccessListStatus;
  @IsOptional() @IsBoolean() excludeFromStats?: boolean;
}

/** PUT and PATCH: every field optional (as the client types it); PUT needs name, type and status all the same. */
export class UpdateAccessListBody {
  @IsOptional() @IsString() @Matches(ID) id?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @Nullable() @IsString() @MaxLength(2000) description?: string | null;
  @IsOptional() @IsIn(ACCESS_LIST_TYPES) type?: AccessListType;
  @IsOptional() @IsIn(ACCESS_LIST_STATUSES) status?: AccessListStatus;
  @IsOptional() @IsBoolean() excludeFromStats?: boolean;
}

export class GrantAddressBody {
  @IsOptional() @IsString() @MaxLength(200) street?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsString() @MaxLength(20) zip?: string;
  @IsOptional() @IsString() @MaxLength(100) country?: string;
  @IsOptional() @IsString() @MaxLength(200) co?: string;
}

export class GrantAddressView {
  @NullableInAnswer() @IsString() street!: string | null;
  @NullableInAnswer() @IsString() city!: string | null;
  @NullableInAnswer() @IsString() zip!: string | null;
  @NullableInAnswer() @IsString() country!: string | null;
  @NullableInAnswer() @IsString() co!: string | null;
}

export class GrantView {
  @IsString() id!: string;
  @IsString() source!: string;
  @IsString() email!: string;
  @IsString() sku!: string;
  @IsString() poId!: string;
  @IsIn(GRANT_STATUSES) status!: GrantStatus;
  @NullableInAnswer() @IsString() startsAt!: string | null;
  @NullableInAnswer() @IsString() endsAt!: string | null;
  @NullableInAnswer() @IsString() userId!: string | null;
  @NullableInAnswer() @IsString() publisherUserId!: string | null;
  @NullableInAnswer() @IsString() publisherPurchaseId!: string | null;
  @NullableInAnswer() @IsString() firstName!: string | null;
  @NullableInAnswer() @IsString() lastName!: string | null;
  @NullableInAnswer() @IsString() phone!: string | null;
  @NullableInAnswer() @ValidateNested() @Type(() => GrantAddressView) deliveryAddress!: GrantAddressView | null;
  @NullableInAnswer() @ValidateNested() @Type(() => GrantAddressView) billingAddress!: GrantAddressView | null;
  @NullableInAnswer() @IsString() notes!: string | null;
  @JSONSchema((() => ({ type: 'object', additionalProperties: { type: 'string' } })) as never) @IsObject() extraFields!: Record<string, string>;
  @IsBoolean() excludeFromStats!: boolean;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

/** The fields a grant's writer may send beside the required ones; `null` clears one on update. */
class GrantOptionalFields {
  @Nullable() @IsISO8601({ strict: true }) startsAt?: string | null;
  @Nullable() @IsISO8601({ strict: true }) endsAt?: string | null;
  @Nullable() @IsString() @MaxLength(128) userId?: string | null;
  @Nullable() @IsString() @MaxLength(200) publisherUserId?: string | null;
  @Nullable() @IsString() @MaxLength(200) publisherPurchaseId?: string | null;
  @Nullable() @IsString() @MaxLength(200) firstName?: string | null;
  @Nullable() @IsString() @MaxLength(200) lastName?: string | null;
  @Nullable() @IsString() @MaxLength(50) phone?: string | null;
  @Nullable() @ValidateNested() @Type(() => GrantAddressBody) deliveryAddress?: GrantAddressBody | null;
  @Nullable() @ValidateNested() @Type(() => GrantAddressBody) billingAddress?: GrantAddressBody | null;
  @Nullable() @IsString() @MaxLength(1000) notes?: string | null;
  // The generator would otherwise name the reflected type (`Object`).
  @JSONSchema((() => ({ type: ['object', 'null'], maxProperties: 50, additionalProperties: { type: 'string', maxLength: 1000 } })) as never)
  @Nullable()
  @IsStringMap()
  extraFields?: Record<string, string> | null;
  @IsOptional() @IsBoolean() excludeFromStats?: boolean;
}

export class CreateGrantBody extends GrantOptionalFields {
  @IsString() @Matches(ID) source!: string;
  @IsString() @MaxLength(320) email!: string;
  @IsString() @Matches(SKU_PATTERN) sku!: string;
  @IsString() @Matches(SKU_PATTERN) poId!: string;
  @IsIn(GRANT_STATUSES) status!: GrantStatus;
}

export class UpdateGrantBody extends GrantOptionalFields {
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @Matches(SKU_PATTERN) sku?: string;
  @IsOptional() @IsString() @Matches(SKU_PATTERN) poId?: string;
  @IsOptional() @IsIn(GRANT_STATUSES) status?: GrantStatus;
}

export class GrantImportErrorView {
  @IsInt() row!: number;
  @IsString() field!: string;
  @IsString() code!: string;
  @IsString() message!: string;
}

export class GrantImportView {
  @IsInt() created!: number;
  @IsInt() updated!: number;
  @ValidateNested({ each: true }) @Type(() => GrantImportErrorView) errors!: GrantImportErrorView[];
}
