import { ENTITLEMENT_TYPES } from '@kiosk/domain/access';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const TEXT = 500;
const ID = 128;

export class EntitlementsQuery {
  @IsOptional() @IsIn(ENTITLEMENT_TYPES) type?: (typeof ENTITLEMENT_TYPES)[number];
  @IsOptional() @IsString() @MaxLength(ID) sku?: string;
  @IsOptional() @IsString() @MaxLength(ID) 'purchase-option-id'?: string;
  @IsOptional() @IsISO8601({ strict: true }) @MaxLength(40) 'wait-for-entitlement-after'?: string;
}

export class ProxyQuery {
  @IsString() @IsNotEmpty() @MaxLength(2048) url!: string;
  @IsOptional() @IsString() @MaxLength(TEXT) selector?: string;
  @IsOptional() @IsIn(['true', 'false']) cache?: 'true' | 'false';
  /** The content the page is (beyond the interface): an entitlement for it lets the reader read the page. */
  @IsOptional() @IsString() @MaxLength(TEXT) publisherContentId?: string;
}

export class AutoOnboardRuleBody {
  @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, { each: true }) grants!: string[];
}
