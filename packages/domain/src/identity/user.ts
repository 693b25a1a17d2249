import { InvalidError } from '../shared';

/**
 * A person known to a vendor: a reader, and, when `staff` is set, someone who
 * runs the vendor's account (creates API keys). Users belong to one vendor.
 */
export interface User {
  readonly id: string;
  readonly vendorId: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly staff: boolean;
  readonly createdAt: Date;
}

// Deliberately simple: one @, no spaces, a dot in the domain. Mailboxes are verified by sending mail.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (normalized.length > 320 || !EMAIL.test(normalized)) {
    throw new InvalidError('USER.BAD_EMAIL', 'not an e-mail address', { email });
  }
  return normalized;
}

export interface NewUser {
  id: string;
  vendorId: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  staff?: boolean;
}

export function createUser(input: NewUser, now: Date): User {
  return {
    id: input.id,
    vendorId: input.vendorId,
    email: normalizeEmail(input.email),
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    staff: input.staff ?? false,
    createdAt: now,
  };
}
