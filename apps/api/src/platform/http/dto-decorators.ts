import { IsNumber, IsOptional, registerDecorator, ValidationOptions } from 'class-validator';

const nullable = new Map<Function, Set<string>>(); // eslint-disable-line @typescript-eslint/no-unsafe-function-type

/**
 * An optional field of a request DTO that also takes an explicit `null`
 * (meaning "clear it", as `PATCH /profile` does). Every other optional field
 * refuses `null` with a 400 (see `validateInput`): left out means absent,
 * `null` is not a value the domain can store.
 */
export function Nullable(options?: ValidationOptions): PropertyDecorator {
  return (target, property) => {
    IsOptional(options)(target, property);
    const fields = nullable.get(target.constructor) ?? new Set<string>();
    fields.add(String(property));
    nullable.set(target.constructor, fields);
  };
}

/** Whether `property` of `type` (or a class it extends) is declared `@Nullable()`. */
export function isNullableField(type: Function, property: string): boolean { // eslint-disable-line @typescript-eslint/no-unsafe-function-type
  for (let t: unknown = type; typeof t === 'function' && t !== Function.prototype; t = Object.getPrototypeOf(t)) {
    if (nullable.get(t as Function)?.has(property)) return true; // eslint-disable-line @typescript-eslint/no-unsafe-function-type
  }
  return false;
}

/**
 * Whether `value` is a finite number with at most `places` decimals, decided
 * on the value itself (class-validator's `maxDecimalPlaces` reads
 * `String(value)`, so `5e-324` or `1e-7` pass it as "no decimals").
 */
export function hasAtMostDecimals(value: unknown, places: number): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const scale = 10 ** places;
  const scaled = Math.round(value * scale);
  return Number.isSafeInteger(scaled) && scaled / scale === value;
}

/** Money in major units as the interface shows it: a finite number with at most two decimals (`-0` counts as 0). */
export function IsMajorAmount(options?: ValidationOptions): PropertyDecorator {
  return (target, property) => {
    IsNumber({ allowNaN: false, allowInfinity: false }, options)(target, property);
    registerDecorator({
      name: 'isMajorAmount',
      target: target.constructor,
      propertyName: String(property),
      options: { message: `${String(property)} must be a number with at most two decimals`, ...options },
      validator: { validate: (value: unknown) => hasAtMostDecimals(value, 2) },
    });
  };
}
