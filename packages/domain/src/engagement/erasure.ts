/**
 * Erasing an account (DELETE /profile): every module that holds personal
 * data has a PersonalDataEraser, and all of them run in one transaction.
 * Financial records stay (the law keeps them) but lose the person: the user
 * id stays as an opaque id, e-mail and names go.
 */
export interface ErasureSubject {
  readonly vendorId: string;
  readonly userId: string;
  /** The e-mail and names as they were, so copies of them elsewhere can be found and removed. */
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  /** What stands in for the e-mail where a value is required: deliverable nowhere (RFC 2606 `.invalid`). */
  readonly tombstoneEmail: string;
  readonly erasedAt: Date;
}

export interface PersonalDataEraser {
  /** The module whose data it erases (for logs and reports). */
  readonly module: string;
  erase(subject: ErasureSubject): Promise<void>;
}

/** A stand-in e-mail made of the user id alone: unique per user, tells nothing about the person. */
export function tombstoneEmail(userId: string): string {
  const safe = userId.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 60);
  return `erased-${safe}@erased.invalid`;
}

/** The personal strings of a subject worth searching for in free text, longest first. */
export function personalStrings(subject: ErasureSubject): string[] {
  const full = [subject.firstName, subject.lastName].filter(Boolean).join(' ');
  return [subject.email, full, subject.firstName, subject.lastName]
    .filter((s): s is string => typeof s === 'string' && s.trim().length >= 2)
    .filter((s, i, all) => all.indexOf(s) === i)
    .sort((a, b) => b.length - a.length);
}
