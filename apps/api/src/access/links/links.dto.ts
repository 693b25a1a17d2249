import { IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SKU_PATTERN } from '@kiosk/domain/catalog';
import { NullableInAnswer } from '../../platform/http/views';

export const LINK_MAX_USES = 1_000_000;

export class CreateLinkBody {
  @IsOptional() @IsString() @Matches(SKU_PATTERN) sku?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(256) contentId?: string;
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/) tier?: string;
  @IsOptional() @IsISO8601({ strict: true }) expiresAt?: string;
  @IsOptional() @IsInt() @Min(1) @Max(LINK_MAX_USES) maxUses?: number;
  @IsOptional() @IsString() @MaxLength(2048) url?: string;
}

export class LinkView {
  @IsString() id!: string;
  @IsString() token!: string;
  @NullableInAnswer() @IsString() url!: string | null;
  @NullableInAnswer() @IsString() sku!: string | null;
  @IsString() contentId!: string;
  @IsString() tier!: string;
  @NullableInAnswer() @IsInt() maxUses!: number | null;
  @IsString() expiresAt!: string;
  @IsString() createdAt!: string;
}
