import { TALLY_LIMITS } from '@kiosk/domain/engagement';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';

export class TallyPoliciesBody {
  /** Seconds the tally lives after its last change. */
  @IsOptional() @IsInt() @Min(1) @Max(TALLY_LIMITS.maxTtlSeconds) ttl?: number;
  @IsOptional() @IsInt() @Min(1) @Max(TALLY_LIMITS.maxItems) maxItems?: number;
  @IsOptional() @IsBoolean() unique?: boolean;
  @IsOptional() @IsIn(['fifo', 'block']) overflow?: 'fifo' | 'block';
  @IsOptional() @IsBoolean() ipSessionSharing?: boolean;
}

/** Body of `PUT /tallies/{id}` and `POST /tallies/{id}/push`. */
export class TallyValueBody {
  @IsString() @MaxLength(TALLY_LIMITS.valueMaxLength) value!: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => TallyPoliciesBody) policies?: TallyPoliciesBody;
}

export const TALLY_VALUES_SCHEMA = { type: 'array', items: { type: 'string' } };

export const TALLY_MAP_SCHEMA = { type: 'object', additionalProperties: TALLY_VALUES_SCHEMA };

export const TALLY_SCHEMA = {
  type: 'object',
  required: ['id', 'value', 'policies', 'createdAt', 'updatedAt', 'expiresAt'],
  properties: {
    id: { type: 'string' },
    value: TALLY_VALUES_SCHEMA,
    policies: {
      type: 'object',
      properties: {
        ttl: { type: ['integer', 'null'], description: 'seconds the tally lives after its last change; `null`: it never expires' },
        maxItems: { type: 'integer' },
        unique: { type: 'boolean' },
        overflow: { type: 'string', enum: ['fifo', 'block'] },
        ipSessionSharing: { type: 'boolean' },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: ['string', 'null'], format: 'date-time', description: '`null` when the tally has no ttl' },
  },
};
