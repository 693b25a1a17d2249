import { InvalidError } from '../shared';

/**
 * Limits of a reader's metadata (interface 4.3 user-metadata; the numbers
 * are ours: the interface shows none). Keys are short identifiers; values
 * are text up to 2 KiB (UTF-8 bytes); a reader keeps at most 50 keys.
 */
export const USER_METADATA_LIMITS = {
  keyPattern: /^[A-Za-z0-9_.:-]{1,64}$/,
  keyMaxLength: 64,
  valueMaxBytes: 2048,
  maxKeys: 50,
} as const;

const encoder = new TextEncoder();
export const utf8Length = (value: string) => encoder.encode(value).length;

export function checkMetadataKey(key: string): string {
  if (!USER_METADATA_LIMITS.keyPattern.test(key)) {
    throw new InvalidError(
      'USER_METADATA.BAD_KEY',
      'a metadata key is 1 to 64 letters, digits, underscores, dots, colons or hyphens',
      { key: key.slice(0, 80) },
    );
  }
  return key;
}

export function checkMetadataValue(key: string, value: string): string {
  if (utf8Length(value) > USER_METADATA_LIMITS.valueMaxBytes) {
    throw new InvalidError('USER_METADATA.VALUE_TOO_LARGE', `a metadata value is at most ${USER_METADATA_LIMITS.valueMaxBytes} bytes`, {
      key,
    });
  }
  return value;
}

/** Sets (string) and removals (null), checked; the key count is checked by the store, atomically. */
export function checkMetadataChanges(changes: Readonly<Record<string, string | null>>): Record<string, string | null> {
  const entries = Object.entries(changes);
  if (entries.length > USER_METADATA_LIMITS.maxKeys) {
    throw new InvalidError('USER_METADATA.TOO_MANY_KEYS', `a reader keeps at most ${USER_METADATA_LIMITS.maxKeys} metadata keys`);
  }
  const checked: Record<string, string | null> = {};
  for (const [key, value] of entries) {
    checkMetadataKey(key);
    if (value !== null && typeof value !== 'string') {
      throw new InvalidError('USER_METADATA.BAD_VALUE', 'metadata values are strings (null removes the key)', { key });
    }
    checked[key] = value === null ? null : checkMetadataValue(key, value);
  }
  return checked;
}

export const tooManyKeys = () =>
  new InvalidError('USER_METADATA.TOO_MANY_KEYS', `a reader keeps at most ${USER_METADATA_LIMITS.maxKeys} metadata keys`, {
    limit: USER_METADATA_LIMITS.maxKeys,
  });
