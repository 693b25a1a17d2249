import { ErasureSubject, personalStrings } from './erasure';

/** What stands in for a name or e-mail found inside free text. */
export const ERASED_TEXT = '[erased]';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every occurrence of the subject's e-mail and names in a text, whole words only, replaced. */
export function scrubText(text: string, subject: ErasureSubject): string {
  let out = text;
  for (const value of personalStrings(subject)) {
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(value)}(?![\\p{L}\\p{N}])`, 'giu'), ERASED_TEXT);
  }
  return out;
}

/** True when the text holds the subject's e-mail or names (same matching as scrubText). */
export const mentions = (text: string, subject: ErasureSubject) => scrubText(text, subject) !== text;

/**
 * Scrubs a JSON value: a party object of the subject (`id` or `userId` is
 * theirs, and it has an `email`) keeps its id but its `email` becomes the tombstone and its `name`,
 * `firstName`, `lastName` become null; a string that is their e-mail becomes
 * the tombstone; other strings lose their e-mail and names.
 */
export function scrubJson(value: unknown, subject: ErasureSubject): unknown {
  if (typeof value === 'string') {
    if (value.trim().toLowerCase() === subject.email.toLowerCase()) return subject.tombstoneEmail;
    return scrubText(value, subject);
  }
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, subject));
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // A party: an object naming the subject by id that carries an e-mail.
    const theirs = (object.id === subject.userId || object.userId === subject.userId) && 'email' in object;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(object)) {
      if (theirs && key === 'email') out[key] = subject.tombstoneEmail;
      else if (theirs && (key === 'name' || key === 'firstName' || key === 'lastName' || key === 'fullName')) out[key] = null;
      else out[key] = scrubJson(v, subject);
    }
    return out;
  }
  return value;
}
