import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

// Outer bounds only: the domain checks every field's own rules and lists all problems at once.
const NAME = 1_000;
const URL = 2_048;
const HTML = 20_000;
const SHORT = 1_000;

/** Paywall fields; nested objects merge field by field on a change, arrays replace the whole list. */
class PaywallFieldsBody {
  @IsOptional() @IsString() @MaxLength(NAME) entity?: string;
  @IsOptional() @IsString() @MaxLength(URL) previewUrl?: string;
  @IsOptional() @IsString() @MaxLength(8) currency?: string;
  @IsOptional() @IsObject() settings?: Record<string, unknown>;
  @IsOptional() @IsBoolean() showLoginButton?: boolean;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsObject({ each: true }) subscriptions?: Record<string, unknown>[];
  @IsOptional() @IsString() @MaxLength(URL) subscriptionsUrl?: string;
  @IsOptional() @IsString() @MaxLength(16) mainColor?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) headline?: string;
  @IsOptional() @IsString() @MaxLength(HTML) description?: string;
  @IsOptional() @IsString() @MaxLength(URL) logoUrl?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(100) features?: unknown[];
  @IsOptional() @IsArray() @ArrayMaxSize(100) footerPaymentMethods?: unknown[];
  @IsOptional() @IsObject() singlePurchase?: Record<string, unknown>;
}

export class CreatePaywallBody extends PaywallFieldsBody {
  @IsString() @IsNotEmpty() @MaxLength(NAME) name!: string;
}

export class ChangePaywallBody extends PaywallFieldsBody {
  @IsOptional() @IsString() @MaxLength(NAME) name?: string;
}

export class CreateStrategyBody {
  @IsString() @IsNotEmpty() @MaxLength(NAME) name!: string;
  @IsOptional() @IsString() @MaxLength(NAME) target?: string;
  /** The flow (STRATEGY-FORMAT.md); checked by the domain, which lists every problem. */
  @IsDefined() flow!: unknown;
}

export class ChangeStrategyBody {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(NAME) name?: string;
  @IsOptional() @IsString() @MaxLength(NAME) target?: string;
  @IsOptional() @IsDefined() flow?: unknown;
}

export class LinkTiersBody {
  @IsOptional() @IsString() @MaxLength(64) metered?: string;
  @IsOptional() @IsString() @MaxLength(64) entitled?: string;
}

/** Body of `POST /paywalls/{paywallId}/access` and `.../access/check`. */
export class PaywallAccessBody {
  @IsString() @IsNotEmpty() @MaxLength(256) publisherContentId!: string;
  /** An absolute http(s) address (checked by the domain). */
  @IsString() @IsNotEmpty() @MaxLength(URL) url!: string;
}

const TEXT = 2_048;

export class AttributionBody {
  @IsOptional() @IsString() @MaxLength(TEXT) source?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) medium?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) campaign?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) term?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) content?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) referrer?: string | null;
}

export class ExecuteContentBody {
  @IsOptional() @IsString() @MaxLength(256) contentId?: string | null;
  @IsOptional() @IsString() @MaxLength(TEXT) title?: string | null;
  @IsOptional() @IsString() @MaxLength(256) type?: string | null;
  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) price?: number | null;
  @IsOptional() @IsString() @MaxLength(16) currency?: string | null;
  @IsOptional() @IsString() @MaxLength(256) publisherId?: string | null;
}

/** Body of `POST /paywalls/strategies/{strategyId}/execute` (interface 4.3). */
export class ExecuteStrategyBody {
  @IsOptional() @ValidateNested() @Type(() => AttributionBody) attribution?: AttributionBody;
  @IsOptional() @ValidateNested() @Type(() => ExecuteContentBody) content?: ExecuteContentBody;
  @IsOptional() @IsString() @MaxLength(1_024) debugUserAgent?: string;
}

export class ExecuteStrategyQuery {
  @IsOptional() @IsIn(['true', 'false']) debug?: 'true' | 'false';
}

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** `limit` / `offset` of the version lists, as the other management lists take them (docs/management.md). */
export class VersionsQuery {
  /** Page size: 1 to 500 (default 50). */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(500) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}
