import { normalizeEmail } from '../../identity/user';

/** The columns of a grant import, in the order of the documented header row. */
export const GRANT_CSV_COLUMNS = [
  'email',
  'sku',
  'poId',
  'startsAt',
  'endsAt',
  'firstName',
  'lastName',
  'publisherUserId',
  'publisherPurchaseId',
  'notes',
] as const;
export type GrantCsvColumn = (typeof GRANT_CSV_COLUMNS)[number];
export const GRANT_CSV_REQUIRED: readonly GrantCsvColumn[] = ['email', 'sku', 'poId'];

/** At most this many data rows per import (the header not counted). */
export const GRANT_IMPORT_MAX_ROWS = 10_000;
/** At most this many bytes per import. */
export const GRANT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Longest text a free-text column takes. */
export const GRANT_TEXT_MAX = 1000;

/** One problem of one row; `row` is the row's line in the file as a spreadsheet numbers it (the header is row 1). */
export interface GrantRowError {
  readonly row: number;
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

/** A row that passed the checks that need nothing but the row itself. */
export interface GrantRow {
  readonly row: number;
  readonly email: string;
  readonly sku: string;
  readonly poId: string;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly publisherUserId: string | null;
  readonly publisherPurchaseId: string | null;
  readonly notes: string | null;
}

/** What is wrong with the header: required columns missing, unknown or repeated ones. Empty when it is right. */
export function headerProblems(header: readonly string[]): string[] {
  const problems: string[] = [];
  const known = GRANT_CSV_COLUMNS as readonly string[];
  for (const name of header) if (!known.includes(name)) problems.push(`unknown column "${name}"`);
  for (const name of new Set(header)) if (header.filter((h) => h === name).length > 1) problems.push(`column "${name}" appears twice`);
  for (const name of GRANT_CSV_REQUIRED) if (!header.includes(name)) problems.push(`column "${name}" is missing`);
  return problems;
}

// An ISO 8601 date-time with a zone, or a plain date (midnight UTC).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const SKU = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Checks one CSV row (values by column name) on its own: e-mail normalised
 * as the identity module does, sku and poId present, dates ISO 8601 and in
 * order, texts not too long. Product and purchase option are checked by the
 * import against the catalogue. Answers the row, or every problem it has.
 */
export function checkGrantRow(row: number, values: Readonly<Record<string, string | undefined>>): { row: GrantRow } | { errors: GrantRowError[] } {
  const errors: GrantRowError[] = [];
  const fail = (field: string, code: string, message: string) => errors.push({ row, field, code, message });
  const text = (field: GrantCsvColumn): string | null => {
    const value = (values[field] ?? '').trim();
    if (value.length > GRANT_TEXT_MAX) fail(field, 'GRANT.TOO_LONG', `must have at most ${GRANT_TEXT_MAX} characters`);
    return value.length === 0 ? null : value;
  };
  const date = (field: 'startsAt' | 'endsAt'): Date | null => {
    const value = (values[field] ?? '').trim();
    if (value.length === 0) return null;
    const parsed = DATE_TIME.test(value) ? new Date(value) : null;
    if (!parsed || Number.isNaN(parsed.getTime())) {
      fail(field, 'GRANT.BAD_DATE', 'must be an ISO 8601 date-time (2026-01-31T00:00:00Z) or date (2026-01-31)');
      return null;
    }
    return parsed;
  };

  let email = '';
  const rawEmail = (values.email ?? '').trim();
  if (rawEmail.length === 0) fail('email', 'GRANT.REQUIRED', 'is required');
  else {
    try {
      email = normalizeEmail(rawEmail);
    } catch {
      fail('email', 'GRANT.BAD_EMAIL', 'must be an e-mail address');
    }
  }
  const sku = (values.sku ?? '').trim();
  if (sku.length === 0) fail('sku', 'GRANT.REQUIRED', 'is required');
  else if (!SKU.test(sku)) fail('sku', 'PRODUCT.NOT_FOUND', `no product ${sku}`);
  const poId = (values.poId ?? '').trim();
  if (poId.length === 0) fail('poId', 'GRANT.REQUIRED', 'is required');
  const startsAt = date('startsAt');
  const endsAt = date('endsAt');
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) fail('endsAt', 'GRANT.BAD_PERIOD', 'must be after startsAt');
  const rest = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    publisherUserId: text('publisherUserId'),
    publisherPurchaseId: text('publisherPurchaseId'),
    notes: text('notes'),
  };
  if (errors.length > 0) return { errors };
  return { row: { row, email, sku, poId, startsAt, endsAt, ...rest } };
}
