import { JSONSchema } from 'class-validator-jsonschema';

// DESIGN.md 4, absent values: a field of the interface that has no value is
// `null` in answers, never left out, so typed clients see one shape. Views
// build their fields with these, and response DTOs mark such fields
// `@NullableInAnswer()` (required, and `null` allowed in the OpenAPI schema).

/** The value, or `null` when there is none. */
export const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** An ISO 8601 timestamp, or `null` when there is none. */
export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

type Schema = Record<string, unknown>;

/** A response field that is always present and may be `null`. */
export const NullableInAnswer = () =>
  JSONSchema(((source: Schema) =>
    source.$ref
      ? { anyOf: [source, { type: 'null' }] }
      : { ...source, type: [...(Array.isArray(source.type) ? source.type : [source.type ?? 'string']), 'null'] }) as never);
