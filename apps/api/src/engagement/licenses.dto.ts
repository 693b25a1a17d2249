import { LICENSE_LIMITS } from '@kiosk/domain/engagement';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const POOL_ID_MESSAGE = 'poolId is 1 to 128 letters, digits, underscores or hyphens';

export class LicensesQuery {
  @IsString() @Matches(LICENSE_LIMITS.poolId, { message: POOL_ID_MESSAGE }) poolId!: string;
}

export class ClaimLicenseBody {
  @IsString() @Matches(LICENSE_LIMITS.poolId, { message: POOL_ID_MESSAGE }) poolId!: string;
}

export class CreateLicensePoolBody {
  @IsString() @Matches(LICENSE_LIMITS.poolId, { message: 'id is 1 to 128 letters, digits, underscores or hyphens' }) id!: string;
  @IsString() @IsNotEmpty() @MaxLength(128) sku!: string;
  /** How long a key is valid from its claim; leave out when only the keys' own `expiresAt` applies. */
  @IsOptional() @IsInt() @Min(1) @Max(LICENSE_LIMITS.maxValiditySeconds) validitySeconds?: number;
}

export class LicenseKeyBody {
  @IsString() @Matches(LICENSE_LIMITS.key, { message: 'key is 1 to 256 printable characters without spaces' }) key!: string;
  @IsOptional() @IsISO8601({ strict: true }) expiresAt?: string;
}

export class LoadLicenseKeysBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LICENSE_LIMITS.keysPerLoad)
  @ValidateNested({ each: true })
  @Type(() => LicenseKeyBody)
  keys!: LicenseKeyBody[];
}

export const LICENSE_KEY_SCHEMA = {
  type: 'object',
  required: ['key', 'poolId', 'claimedAt', 'expiresAt', 'status'],
  properties: {
    key: { type: 'string' },
    poolId: { type: 'string' },
    claimedAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: ['string', 'null'], format: 'date-time', description: '`null` when the key never expires' },
    status: { type: 'string', enum: ['active', 'expired'] },
  },
};

const STOCK_SCHEMA = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    available: { type: 'integer', description: 'unclaimed keys a claim can still take' },
    claimed: { type: 'integer' },
    active: { type: 'integer', description: 'claimed keys not yet expired' },
    unusable: { type: 'integer', description: 'unclaimed keys past their own expiresAt' },
  },
};

export const LICENSE_POOL_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    sku: { type: 'string' },
    validitySeconds: { type: ['integer', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    stock: STOCK_SCHEMA,
  },
};

export const LOAD_RESULT_SCHEMA = {
  type: 'object',
  properties: { loaded: { type: 'integer' }, skipped: { type: 'integer', description: 'keys the pool had already' }, stock: STOCK_SCHEMA },
};
