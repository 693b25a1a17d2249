// The port lives in the shared kernel: every module that holds personal data implements it.
import type { ErasureSubject } from '../shared/personal-data';
export type { ErasureSubject, PersonalDataEraser } from '../shared/personal-data';

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
