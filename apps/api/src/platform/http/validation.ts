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
