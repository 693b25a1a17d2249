import { Exclude, Expose, Type } from 'class-transformer';
import {
  Allow,
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
import { ISSUER_ALGORITHMS, KID_PATTERN, UNLOCK_MODES } from './capsule-keys.model';
import { NullableInAnswer } from '../platform/http/views';

const TOKEN_MAX = 16_384;
/** A wrapped key: 125 bytes (ECDH) or the modulus (RSA, 512 bytes at 4096 bits), base64url. */
const BLOB_MAX = 1024;

// ---- public routes (interface 4.4) ----

/*
 * Unlock bodies ignore members they do not know (class-level @Exclude, each
 * known member @Expose): browsers merge page-supplied fields into the
 * request (the reference client sends `accessType`, for example), so an
 * unknown member is never a 400. Known members are checked as usual.
 */

@Exclude()
export class WrapKeyBody {
  @Expose() @IsString() @IsNotEmpty() @MaxLength(64) kid!: string;
  /** Read only in issuer-wrapped mode; hosted mode derives and ignores it. */
  @Expose() @IsOptional() @IsString() @MaxLength(BLOB_MAX) key?: string;
}

@Exclude()
export class UnlockKeyEntryBody {
  /** Default "default". */
  @Expose() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(256) contentName?: string;
  @Expose() @IsString() @IsNotEmpty() @MaxLength(256) scope!: string;
  /** Issuer key id the blobs were wrapped for, as manifests carry it. */
  @Expose() @IsOptional() @IsString() @MaxLength(256) kid?: string;
  /** The item's content key wrapped for the issuer: what direct delivery unwraps. */
  @Expose() @IsOptional() @IsString() @MaxLength(BLOB_MAX) contentKey?: string;
  /** Absent when the publisher granted the issuer by content name. */
  @Expose()
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => WrapKeyBody)
  wrapKeys?: WrapKeyBody[];
}

@Exclude()
export class UnlockBody {
  @Expose() @IsString() @IsNotEmpty() @MaxLength(TOKEN_MAX) resourceJWT!: string;
  @Expose() @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => UnlockKeyEntryBody) keys!: UnlockKeyEntryBody[];
  @Expose() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(TOKEN_MAX) shareToken?: string;
  /** Base64url SPKI of the browser's RSA-OAEP (SHA-256) key, 2048 to 4096 bits: every returned key is sealed to it. Empty counts as absent. */
  @Expose() @IsOptional() @IsString() @MaxLength(2048) clientPublicKey?: string;
  /** `"article"` asks for content keys only; any other value (or none) is ignored. */
  @Expose() @IsOptional() @Allow() accessType?: unknown;
}

export class WrapKeyView {
  @IsString() kid!: string;
  @IsString() key!: string;
}

export class UnlockKeyEntryView {
  @IsString() contentName!: string;
  @IsString() scope!: string;
  /** Wrap-key delivery: raw wrap keys (base64url), or sealed to the client key when client-bound. */
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => WrapKeyView) wrapKeys?: WrapKeyView[];
  /** Direct delivery: the item's content key (base64url), or sealed to the client key when client-bound. */
  @IsOptional() @IsString() contentKey?: string;
}

export class UnlockView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => UnlockKeyEntryView) keys!: UnlockKeyEntryView[];
  /** Present only on client-bound answers. */
  @IsOptional() @IsIn(['client-bound']) transport?: 'client-bound';
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
  @NullableInAnswer() @ValidateNested() @Type(() => VerifiedTokenPayloadView) payload!: VerifiedTokenPayloadView | null;
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
  @NullableInAnswer() @IsString() previousValidUntil!: string | null;
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
  /** When publishers were told to stop wrapping for it; the key still unlocks pages that name it. */
  @NullableInAnswer() @IsString() retiredAt!: string | null;
}

export class CapsuleConfigurationView {
  @IsString() vendorId!: string;
  @IsIn(UNLOCK_MODES) mode!: string;
  @IsInt() rotationIntervalMinutes!: number;
  @IsInt() previousGraceSeconds!: number;
  @IsInt() secretOverlapSeconds!: number;
  @IsArray() @IsString({ each: true }) domains!: string[];
  @IsArray() publisherKeys!: object[];
  @NullableInAnswer() @ValidateNested() @Type(() => RotationSecretStateView) rotationSecret!: RotationSecretStateView | null;
  @IsArray() @ValidateNested({ each: true }) @Type(() => IssuerKeyView) issuerKeys!: IssuerKeyView[];
  @IsArray() serviceKeys!: object[];
  @IsString() currentKid!: string;
}

export class PublisherDomainView {
  @IsString() domain!: string;
}
