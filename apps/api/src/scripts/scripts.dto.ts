import { Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { SCRIPT_LIMITS, TRANSFORM_ACTIONS, TRANSFORM_POSITIONS } from '@kiosk/domain/scripts';
import { Nullable } from '../platform/http/dto-decorators';

const SELECTOR = SCRIPT_LIMITS.selectorLength;

/** Where the vendor's content sits on their pages (CSS selectors). */
export class ContentSelectorsBody {
  @IsOptional() @IsString() @MaxLength(SELECTOR) article?: string;
  @IsOptional() @IsString() @MaxLength(SELECTOR) title?: string;
  @IsOptional() @IsString() @MaxLength(SELECTOR) image?: string;
  @IsOptional() @IsString() @MaxLength(SELECTOR) excerpt?: string;
  @IsOptional() @IsString() @MaxLength(SELECTOR) price?: string;
  @IsOptional() @IsString() @MaxLength(SELECTOR) id?: string;
  @IsOptional() @IsString() @MaxLength(SELECTOR) pass?: string;
}

export class EntitlementConditionBody {
  @IsString() @MaxLength(128) sku!: string;
  @IsBoolean() has!: boolean;
}

/** One page transform: what to do (`action`) where (`selector`), for whom (path, entitlement, signed-in state). */
export class TransformRuleBody {
  @IsIn(TRANSFORM_ACTIONS) action!: (typeof TRANSFORM_ACTIONS)[number];
  @IsString() @MaxLength(SELECTOR) selector!: string;
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() @MaxLength(SCRIPT_LIMITS.htmlLength) html?: string | null;
  @JSONSchema({ type: ['string', 'null'], enum: [...TRANSFORM_POSITIONS, null] }) @Nullable() @IsIn(TRANSFORM_POSITIONS) position?: (typeof TRANSFORM_POSITIONS)[number] | null;
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() @MaxLength(SELECTOR) pathPattern?: string | null;
  @Nullable() @ValidateNested() @Type(() => EntitlementConditionBody) entitlement?: EntitlementConditionBody | null;
  @JSONSchema({ type: ['boolean', 'null'] }) @Nullable() @IsBoolean() signedIn?: boolean | null;
}

export class AnalyticsBody {
  @IsOptional() @IsString() @MaxLength(64) dataLayer?: string;
  @IsOptional() @IsBoolean() pageViews?: boolean;
  @IsOptional() @IsBoolean() scrollDepth?: boolean;
  @IsOptional() @IsBoolean() activeTime?: boolean;
}

export class PluginBody {
  @IsString() @MaxLength(64) name!: string;
  @IsString() @MaxLength(SCRIPT_LIMITS.urlLength) url!: string;
}

/** A change of the vendor's script configuration: members left out stay. */
export class ScriptConfigurationBody {
  /** The browser client that signs readers in on the vendor's pages. */
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() @MaxLength(128) clientId?: string | null;
  /** The paywall whose leaky allowance meters `data-service-paywall` content. */
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() @MaxLength(128) paywallId?: string | null;
  @IsOptional() @ValidateNested() @Type(() => ContentSelectorsBody) contentSelectors?: ContentSelectorsBody;
  @IsOptional() @IsArray() @ArrayMaxSize(SCRIPT_LIMITS.transforms) @ValidateNested({ each: true }) @Type(() => TransformRuleBody) transforms?: TransformRuleBody[];
  @IsOptional() @ValidateNested() @Type(() => AnalyticsBody) analytics?: AnalyticsBody;
  @IsOptional() @IsArray() @ArrayMaxSize(SCRIPT_LIMITS.plugins) @ValidateNested({ each: true }) @Type(() => PluginBody) plugins?: PluginBody[];
  /** Refuse the change (409 SCRIPTS.STALE_VERSION) unless the stored configuration is still at this version. */
  @IsOptional() @IsInt() @Min(0) ifVersion?: number;
}

export class ScriptUrlsView {
  @IsString() bundle!: string;
  @IsString() serviceJs!: string;
  @IsString() serviceComponents!: string;
}

export class ScriptConfigurationView {
  @IsString() vendorId!: string;
  @IsInt() version!: number;
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() updatedAt!: string | null;
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() clientId!: string | null;
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() paywallId!: string | null;
  @ValidateNested() @Type(() => ContentSelectorsBody) contentSelectors!: ContentSelectorsBody;
  @IsArray() @ValidateNested({ each: true }) @Type(() => TransformRuleBody) transforms!: TransformRuleBody[];
  @ValidateNested() @Type(() => AnalyticsBody) analytics!: AnalyticsBody;
  @IsArray() @ValidateNested({ each: true }) @Type(() => PluginBody) plugins!: PluginBody[];
  /** The script tags' addresses for this vendor (the `stable` channel). */
  @ValidateNested() @Type(() => ScriptUrlsView) scriptUrls!: ScriptUrlsView;
}

export class ScriptReleaseView {
  @Matches(/^\d+\.\d+\.\d+$/) version!: string;
  @IsString() releasedAt!: string;
  /** The channels that answer with this version (`stable`, `latest`). */
  @IsArray() @IsString({ each: true }) channels!: string[];
}

export class ScriptReleasesView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => ScriptReleaseView) releases!: ScriptReleaseView[];
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() stable!: string | null;
  @JSONSchema({ type: ['string', 'null'] }) @Nullable() @IsString() latest!: string | null;
}
