import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidationError, ValidationTypes } from 'class-validator';
import { isNullableField } from './dto-decorators';
import { HttpProblem } from './problem';
import { memoiseValidationMetadata } from './validation-metadata-memo';

memoiseValidationMetadata();

export type Class<T> = new () => T;

interface FieldError {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** The value at a dotted field path of the validated instance (`items.0.sku`), undefined when any step is missing. */
function valueAt(instance: object, field: string): unknown {
  let node: unknown = instance;
  for (const step of field.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/**
 * A required field that was left out gets one plain message ("sku is
 * required"), not the list of rules an absent value also breaks ("must be
 * shorter than 128 characters, must be a string").
 */
function sayMissing(instance: object, errors: FieldError[]): FieldError[] {
  return errors.map((e) => {
    if (valueAt(instance, e.field) !== undefined) return e;
    const name = e.field.slice(e.field.lastIndexOf('.') + 1);
    return { field: e.field, messages: [`${name} is required`] };
  });
}

function mergeFieldErrors(errors: FieldError[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const { field, messages } of errors) byField.set(field, [...new Set([...(byField.get(field) ?? []), ...messages])]);
  return [...byField].map(([field, messages]) => ({ field, messages }));
}

/** Deepest nesting of arrays and objects in `value`, counted without recursion; stops once past `limit`. */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

interface PresenceRule {
  optional: boolean;
  nested: boolean;
}

/** Per DTO class: decorators never change after the class is defined, and reading them back is a hot request's cost. */
const presenceRules = new WeakMap<object, Map<string, PresenceRule>>();

function presenceRulesOf(type: object): Map<string, PresenceRule> {
  let rules = presenceRules.get(type);
  if (!rules) {
    rules = new Map();
    for (const m of getMetadataStorage().getTargetValidationMetadatas(type as (...args: never[]) => unknown, '', true, false)) {
      const entry = rules.get(m.propertyName) ?? { optional: false, nested: false };
      if (m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name === 'isOptional') entry.optional = true;
      if (m.type === ValidationTypes.NESTED_VALIDATION) entry.nested = true;
      rules.set(m.propertyName, entry);
    }
    presenceRules.set(type, rules);
  }
  return rules;
}

/**
 * What class-validator leaves open, decided the same way for every DTO:
 * a nested object (`@ValidateNested`) that is not `@IsOptional` is required
 * (class-validator skips an undefined nested value), and an explicit `null`
 * in an optional field is refused unless the field is `@Nullable()` (it
 * would otherwise reach the domain and a NOT NULL column). Walks the
 * transformed instance, nested DTOs included.
 */
export function presenceErrors(instance: object, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const type = instance.constructor;
  for (const [property, { optional, nested }] of presenceRulesOf(type)) {
    const field = prefix ? `${prefix}.${property}` : property;
    const value = (instance as Record<string, unknown>)[property];
    if (value === null && optional && !isNullableField(type, property)) {
      errors.push({ field, messages: [`${property} must not be null; leave it out instead`] });
    } else if (value === undefined && nested && !optional) {
      errors.push({ field, messages: [`${property} is required`] });
    } else if (nested && value !== null && typeof value === 'object') {
      const items = Array.isArray(value) ? value.map((v, i) => [`${field}.${i}`, v] as const) : [[field, value] as const];
      for (const [at, item] of items) {
        if (item !== null && typeof item === 'object' && item.constructor !== Object) errors.push(...presenceErrors(item, at));
      }
    }
  }
  return errors;
}

/** No request body of the interface nests this deep; deeper ones are refused before any recursive work. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Turns untrusted input into a validated DTO instance, or a 400 listing every
 * field that is wrong. Unknown fields are refused, not silently dropped.
 */
export async function validateInput<T extends object>(
  dto: Class<T>,
  input: unknown,
  where: 'body' | 'query',
): Promise<T> {
  if (input === undefined && where === 'body') input = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new HttpProblem(400, 'REQUEST.INVALID', `the request ${where} must be a JSON object`);
  }
  if (depthOf(input, MAX_INPUT_DEPTH) > MAX_INPUT_DEPTH) {
    throw new HttpProblem(400, 'REQUEST.TOO_DEEP', `the request ${where} nests deeper than ${MAX_INPUT_DEPTH} levels`);
  }
  const instance = plainToInstance(dto, input, { exposeDefaultValues: true });
  // Synchronously: every validator of the service's DTOs is synchronous (test/platform/dto-walk.test.ts checks it),
  // and the asynchronous validate() builds a promise per property and decorator, each one paying AsyncLocalStorage's
  // per-promise cost on Node 20. A small gain (an unlock's body: some 40 us to transform and validate, 1.5 us less
  // synchronously, measured without that per-promise cost), on every request with a body.
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  const fields = mergeFieldErrors(sayMissing(instance, [...flatten(errors), ...presenceErrors(instance)]));
  if (fields.length > 0) {
    throw new HttpProblem(
      400,
      'REQUEST.INVALID',
      `invalid ${where}: ${fields.map((f) => f.field).join(', ')}`,
      { errors: fields },
    );
  }
  return instance;
}
