import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

const SHORT = 256;
const LONG = 4096;
const finite = { allowNaN: false, allowInfinity: false };

export class DiagnosticsBrowserBody {
  @IsOptional() @IsString() @MaxLength(LONG) userAgent?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) platform?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) language?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) @MaxLength(SHORT, { each: true }) languages?: string[];
  @IsOptional() @IsBoolean() cookiesEnabled?: boolean;
  @IsOptional() @IsBoolean() onLine?: boolean;
  @IsOptional() @IsNumber(finite) hardwareConcurrency?: number;
  @IsOptional() @IsNumber(finite) deviceMemory?: number;
  @IsOptional() @IsNumber(finite) maxTouchPoints?: number;
  @IsOptional() @IsNumber(finite) viewportWidth?: number;
  @IsOptional() @IsNumber(finite) viewportHeight?: number;
  @IsOptional() @IsNumber(finite) screenWidth?: number;
  @IsOptional() @IsNumber(finite) screenHeight?: number;
  @IsOptional() @IsNumber(finite) pixelRatio?: number;
  @IsOptional() @IsNumber(finite) colorDepth?: number;
  @IsOptional() @IsNumber(finite) timezoneOffset?: number;
  @IsOptional() @IsString() @MaxLength(SHORT) vendor?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) timezone?: string;
}

export class DiagnosticsDetectionBody {
  @IsOptional() @IsBoolean() adBlockEnabled?: boolean;
  @IsOptional() @IsBoolean() incognitoMode?: boolean;
  @IsOptional() @IsBoolean() inAppBrowser?: boolean;
}

export class StorageEntryBody {
  @IsString() @MaxLength(1024) key!: string;
  @IsString() @MaxLength(65_536) value!: string;
  @IsOptional() @IsBoolean() redacted?: boolean;
}

/** The diagnostics record of interface 2.11; every field optional, unknown fields refused. */
export class DiagnosticsBody {
  @IsOptional() @IsString() @MaxLength(SHORT) userId?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) fallbackId?: string;
  @IsOptional() @IsString() @MaxLength(64) timestamp?: string;
  @IsOptional() @IsString() @MaxLength(LONG) pageUrl?: string;
  @IsOptional() @IsString() @MaxLength(LONG) pageTitle?: string;
  @IsOptional() @IsObject() profile?: Record<string, unknown>;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsObject({ each: true }) entitlements?: Record<string, unknown>[];
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsObject({ each: true }) contracts?: Record<string, unknown>[];
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @MaxLength(LONG, { each: true }) tags?: string[];
  @IsOptional() @IsObject() tallies?: Record<string, unknown>;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => DiagnosticsBrowserBody) browser?: DiagnosticsBrowserBody;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => DiagnosticsDetectionBody) detection?: DiagnosticsDetectionBody;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => StorageEntryBody)
  localStorage?: StorageEntryBody[];
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => StorageEntryBody)
  sessionStorage?: StorageEntryBody[];
  @IsOptional() @IsString() @MaxLength(SHORT) sdkVersion?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) clientId?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @MaxLength(LONG, { each: true }) errors?: string[];
}

export const DIAGNOSTICS_LIMITS = {
  /** Bytes of the record as JSON. */
  maxBytes: 131_072,
  /** Levels of nesting of the whole record (the record itself is level 1). */
  maxDepth: 16,
} as const;

export const DIAGNOSTICS_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'id', 'timestamp'],
  properties: { success: { type: 'boolean' }, id: { type: 'string' }, timestamp: { type: 'string', format: 'date-time' } },
};
