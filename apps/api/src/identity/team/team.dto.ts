import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsIn, IsString, MaxLength, ValidateNested } from 'class-validator';
import { STAFF_ROLES, StaffRole } from '@kiosk/domain/identity';
import { NullableInAnswer } from '../../platform/http/views';

export class ChangeRoleBody {
  @IsIn(STAFF_ROLES) role!: StaffRole;
}

export class InviteBody {
  @IsString() @MaxLength(320) @IsEmail({ require_tld: true }) email!: string;
  @IsIn(STAFF_ROLES) role!: StaffRole;
}

export class TeamMemberView {
  @IsString() userId!: string;
  @IsString() email!: string;
  @NullableInAnswer() @IsString() firstName!: string | null;
  @NullableInAnswer() @IsString() lastName!: string | null;
  @IsIn(STAFF_ROLES) role!: StaffRole;
  /** When the person joined the team. */
  @IsString() createdAt!: string;
}

export class InvitationView {
  @IsString() id!: string;
  @IsString() email!: string;
  @IsIn(STAFF_ROLES) role!: StaffRole;
  @IsIn(['PENDING', 'EXPIRED']) status!: 'PENDING' | 'EXPIRED';
  /** User id of the owner who sent it. */
  @IsString() invitedBy!: string;
  @IsString() createdAt!: string;
  @IsString() expiresAt!: string;
}

export class StaffVendorView {
  @IsString() vendorId!: string;
  @IsIn(STAFF_ROLES) role!: StaffRole;
  /** The management scopes the role gives. */
  @IsArray() @IsString({ each: true }) scopes!: string[];
}

export class StaffSelfView {
  @IsString() userId!: string;
  @IsString() email!: string;
  /** Every vendor the person is staff of; with several, calls name one in `X-Kiosk-Vendor`. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => StaffVendorView) vendors!: StaffVendorView[];
  /** What a cookie session's state-changing management calls send in `X-CSRF-Token`; null on a bearer token. */
  @NullableInAnswer() @IsString() csrfToken!: string | null;
}
