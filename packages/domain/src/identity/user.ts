import { InvalidError } from '../shared';

/**
 * A person known to a vendor: a reader, and possibly staff of one or more
 * vendors (their roles are memberships, staff.ts). Users belong to one vendor.
 */
export interface User {
  readonly id: string;
  readonly vendorId: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
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
}

export function createUser(input: NewUser, now: Date): User {
  return {
    id: input.id,
    vendorId: input.vendorId,
    email: normalizeEmail(input.email),
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    createdAt: now,
  };
}
