import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ISSUER_ALGORITHMS, KID_PATTERN, UNLOCK_MODES } from './capsule-keys.service';

const TOKEN_MAX = 16_384;

// ---- public routes (interface 4.4) ----

export class WrapKeyBody {
  @IsString() @IsNotEmpty() @MaxLength(64) kid!: string;
  /** Read only in issuer-wrapped mode; hosted mode derives and ignores it. */
  @IsOptional() @IsString() @MaxLength(4096) key?: string;
}

export class UnlockKeyEntryBody {
  @IsString() @IsNotEmpty() @MaxLength(256) contentName!: string;
  @IsString() @IsNotEmpty() @MaxLength(256) scope!: string;
  @IsArray() @ArrayMaxSize(16) @ValidateNested({ each: true }) @Type(() => WrapKeyBody) wrapKeys!: WrapKeyBody[];
  /** Issuer key id the blobs were wrapped for, as manifests carry it (issuer-wrapped mode). */
  @IsOptional() @IsString() @MaxLength(64) kid?: string;
  /** Manifests carry it; the service ignores it. */
  @IsOptional() @IsString() @MaxLength(4096) contentKey?: string;
}

export class UnlockBody {
  @IsString() @IsNotEmpty() @MaxLength(TOKEN_MAX) resourceJWT!: string;
  @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => UnlockKeyEntryBody) keys!: UnlockKeyEntryBody[];
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(TOKEN_MAX) shareToken?: string;
}

export class WrapKeyView {
  @IsString() kid!: string;
  @IsString() key!: string;
}

export class UnlockKeyEntryView {
  @IsString() contentName!: string;
  @IsString() scope!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => WrapKeyView) wrapKeys!: WrapKeyView[];
}

export class UnlockView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => UnlockKeyEntryView) keys!: UnlockKeyEntryView[];
}

export class VerifyBody {
  @IsString() @MaxLength(TOKEN_MAX) token!: string;
}

export class VerifiedTokenPayloadView {
  @IsString() iss!: string;
  @IsString() tier!: string;
  @IsString() contentId!: string;
  @IsString() tid!: string;
  @IsString() url!: string;
  @IsString() userId!: string;
  @IsInt() iat!: number;
  @IsInt() exp!: number;
  @IsInt() maxUses!: number;
  @IsObject() meta!: Record<string, string>;
}

export class VerifyView {
  @IsBoolean() valid!: boolean;
  @IsString() message!: string;
  @IsOptional() @ValidateNested() @Type(() => VerifiedTokenPayloadView) payload!: VerifiedTokenPayloadView | null;
}

export class CapsuleJwksView {
  @IsArray() keys!: object[];
}

// ---- management ----

export class CapsuleSettingsBody {
  @IsOptional() @IsIn(UNLOCK_MODES) mode?: 'hosted' | 'issuer-wrapped';
  @IsOptional() @IsInt() @Min(1) @Max(1440) rotationIntervalMinutes?: number;
  @IsOptional() @IsInt() @Min(0) @Max(86_400) previousGraceSeconds?: number;
  @IsOptional() @IsInt() @Min(0) @Max(2_592_000) secretOverlapSeconds?: number;
}

export class PublisherKeyBody {
  @IsString() @Matches(KID_PATTERN) kid!: string;
  @IsOptional() @IsString() @MaxLength(4096) publicKeyPem?: string;
  @IsOptional() @IsObject() jwk?: Record<string, unknown>;
}

export class PublisherDomainBody {
  @IsString() @IsNotEmpty() @MaxLength(253) domain!: string;
}

export class RotationSecretBody {
  @IsOptional() @IsInt() @Min(0) @Max(2_592_000) overlapSeconds?: number;
}

export class ImportRotationSecretBody extends RotationSecretBody {
  @IsString() @IsNotEmpty() @MaxLength(64) rotationSecret!: string;
}

export class IssuerKeyBody {
  @IsString() @Matches(KID_PATTERN) kid!: string;
  @IsIn(ISSUER_ALGORITHMS) algorithm!: 'ECDH-P256' | 'RSA-OAEP';
  @IsOptional() @IsString() @MaxLength(8192) privateKeyPem?: string;
  @IsOptional() @IsObject() privateJwk?: Record<string, unknown>;
}

export class RotationSecretStateView {
  @IsInt() version!: number;
  @IsString() createdAt!: string;
  @IsOptional() @IsString() previousValidUntil!: string | null;
}

export class CreatedRotationSecretView extends RotationSecretStateView {
  @IsString() rotationSecret!: string;
}

export class IssuerKeyView {
  @IsString() kid!: string;
  @IsIn(ISSUER_ALGORITHMS) algorithm!: string;
  @IsObject() publicJwk!: object;
  @IsString() publicKeyPem!: string;
  @IsString() createdAt!: string;
}

export class CapsuleConfigurationView {
  @IsString() vendorId!: string;
  @IsIn(UNLOCK_MODES) mode!: string;
  @IsInt() rotationIntervalMinutes!: number;
  @IsInt() previousGraceSeconds!: number;
  @IsInt() secretOverlapSeconds!: number;
  @IsArray() @IsString({ each: true }) domains!: string[];
  @IsArray() publisherKeys!: object[];
  @IsOptional() @ValidateNested() @Type(() => RotationSecretStateView) rotationSecret!: RotationSecretStateView | null;
  @IsArray() @ValidateNested({ each: true }) @Type(() => IssuerKeyView) issuerKeys!: IssuerKeyView[];
  @IsArray() serviceKeys!: object[];
  @IsString() currentKid!: string;
}

export class PublisherDomainView {
  @IsString() domain!: string;
}
