import { TALLY_LIMITS } from '@kiosk/domain/engagement';
import { Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, registerDecorator, ValidateNested } from 'class-validator';
import { Nullable } from '../platform/http/dto-decorators';

const VALUE_SCHEMA = {
  oneOf: [
    { type: 'string', maxLength: TALLY_LIMITS.valueMaxLength },
    { type: 'number' },
    {
      type: 'array',
      maxItems: TALLY_LIMITS.maxItems,
      items: { oneOf: [{ type: 'string', maxLength: TALLY_LIMITS.valueMaxLength }, { type: 'number' }] },
    },
  ],
};

const NULLABLE_TEXT = { type: ['string', 'null'] as ('string' | 'null')[], description: 'taken and ignored' };

const isOneValue = (value: unknown) =>
  (typeof value === 'string' && value.length <= TALLY_LIMITS.valueMaxLength) || (typeof value === 'number' && Number.isFinite(value));

/** A string, a number, or an array of them (the public client types tally values as string or number). */
function IsTallyValues(): PropertyDecorator {
  return (target, property) => {
    // A function replaces the schema the property's type would give (an `Object` reference).
    JSONSchema((() => VALUE_SCHEMA) as never)(target, property as string);
    registerDecorator({
      name: 'isTallyValues',
      target: target.constructor,
      propertyName: String(property),
      options: {
        message:
          `${String(property)} must be a string of at most ${TALLY_LIMITS.valueMaxLength} characters, a number, ` +
          `or an array of at most ${TALLY_LIMITS.maxItems} of them`,
      },
      validator: {
        validate: (value: unknown) =>
          isOneValue(value) || (Array.isArray(value) && value.length <= TALLY_LIMITS.maxItems && value.every(isOneValue)),
      },
    });
  };
}

/** Policies as `PUT /tallies/{id}` takes them, plus `ttl: null` (no ttl) as the Tally answer shows it. */
export class CompatTallyPoliciesBody {
  @JSONSchema({ type: ['integer', 'null'] }) @Nullable() @IsInt() @Min(1) @Max(TALLY_LIMITS.maxTtlSeconds) ttl?: number | null;
  @IsOptional() @IsInt() @Min(1) @Max(TALLY_LIMITS.maxItems) maxItems?: number;
  @IsOptional() @IsBoolean() unique?: boolean;
  @IsOptional() @IsIn(['fifo', 'block']) overflow?: 'fifo' | 'block';
  @IsOptional() @IsBoolean() ipSessionSharing?: boolean;
}

/**
 * Body of the compatibility route `POST /tallies`: `{id, value, policies?}`
 * as the public client sends it. It may send back a whole Tally it read:
 * `createdAt`, `updatedAt` and `expiresAt` are taken and ignored (the service
 * sets them). Any other field is a 400.
 */
export class CreateTallyBody {
  @IsString() @MaxLength(TALLY_LIMITS.idMaxLength) id!: string;
  @IsTallyValues() value!: string | number | (string | number)[];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => CompatTallyPoliciesBody) policies?: CompatTallyPoliciesBody;
  @JSONSchema(NULLABLE_TEXT) @Nullable() @IsString() @MaxLength(64) createdAt?: string | null;
  @JSONSchema(NULLABLE_TEXT) @Nullable() @IsString() @MaxLength(64) updatedAt?: string | null;
  @JSONSchema(NULLABLE_TEXT) @Nullable() @IsString() @MaxLength(64) expiresAt?: string | null;
}
