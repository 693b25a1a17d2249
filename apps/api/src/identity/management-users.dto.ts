import { MANAGEMENT_LIST_LIMITS } from '@kiosk/domain/identity';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Nullable } from '../platform/http/dto-decorators';
import { NullableInAnswer } from '../platform/http/views';

/** Query strings are text; a page size or offset is a whole number written in digits. */
export const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** Management-interface 3.2 User; absent values are null. */
export class ManagementUserView {
  @IsString() id!: string;
  @IsString() email!: string;
  @NullableInAnswer() @IsString() name!: string | null;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class ManagementUsersQuery {
  /** Part of the e-mail or of the name, case ignored. */
  @IsOptional() @IsString() @MaxLength(320) search?: string;
  /** Only these users: their ids, separated by commas (at most 100). */
  @IsOptional()
  @IsString()
  @MaxLength(100 * 129)
  @Matches(/^[^,\s]{1,128}(,[^,\s]{1,128})*$/, { message: 'ids must be user ids separated by commas' })
  ids?: string;
  /** `true`: only the vendor's own team (staff); `false`: readers only, staff left out. */
  @IsOptional() @IsIn(['true', 'false']) staff?: 'true' | 'false';
  /** Page size, newest first: 1 to 500, default 50. */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(MANAGEMENT_LIST_LIMITS.max) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}

export class CreateManagementUserBody {
  @IsString() @IsNotEmpty() @MaxLength(320) email!: string;
  /** First name, a space, last name (the first word is the first name). */
  @Nullable() @IsString() @MaxLength(201) name?: string | null;
}

export class UpdateManagementUserBody {
  /** `null` or empty clears the name. */
  @Nullable() @IsString() @MaxLength(201) name?: string | null;
  /** The e-mail the user signs in with, as `change-login-identifier` sets it. */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(320) email?: string;
}

export class SetPasswordBody {
  @IsString() @MaxLength(1000) password!: string;
}

export class ChangeLoginIdentifierBody {
  @IsString() @IsNotEmpty() @MaxLength(320) email!: string;
}
