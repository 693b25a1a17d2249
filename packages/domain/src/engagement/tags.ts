import { InvalidError } from '../shared';

/**
 * Limits of a reader's tags (the interface shows none): a tag is 1 to 64
 * characters after trimming, printable (no control characters, no `/` so it
 * fits a path segment unescaped); a reader has at most 100 tags.
 */
export const TAG_LIMITS = { maxLength: 64, maxTags: 100, maxBodyBytes: 1024 } as const;

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f/]/;

export function normalizeTag(raw: string): string {
  const tag = raw.trim();
  if (tag.length === 0 || tag.length > TAG_LIMITS.maxLength || FORBIDDEN.test(tag)) {
    throw new InvalidError('TAG.BAD_TAG', `a tag is 1 to ${TAG_LIMITS.maxLength} characters without control characters or "/"`);
  }
  return tag;
}

export const tooManyTags = () =>
  new InvalidError('TAG.TOO_MANY', `a reader has at most ${TAG_LIMITS.maxTags} tags`, { limit: TAG_LIMITS.maxTags });
