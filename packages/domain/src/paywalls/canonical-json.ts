/**
 * JSON with object keys sorted at every level, so equal data gives equal
 * text whatever order the keys were written or stored in (PostgreSQL jsonb,
 * for one, reorders keys). Used for change detection and fingerprints.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort()
        .map((k) => [k, sortKeys(record[k])]),
    );
  }
  return value;
}
