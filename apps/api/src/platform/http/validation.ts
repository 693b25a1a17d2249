import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { HttpProblem } from './problem';

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
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    const fields = flatten(errors);
    throw new HttpProblem(
      400,
      'REQUEST.INVALID',
      `invalid ${where}: ${fields.map((f) => f.field).join(', ')}`,
      { errors: fields },
    );
  }
  return instance;
}
