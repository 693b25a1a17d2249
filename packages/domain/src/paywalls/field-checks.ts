import { FieldIssue } from './errors';

/**
 * Small checks that collect every problem of a submission instead of
 * stopping at the first, so the vendor's editor can mark all fields at once.
 * Values arrive from JSON, so types are checked at run time too.
 */
export class FieldChecks {
  readonly issues: FieldIssue[] = [];

  fail(field: string, message: string): void {
    this.issues.push({ field, message });
  }

  bool(field: string, value: unknown): boolean {
    if (typeof value !== 'boolean') this.fail(field, 'must be true or false');
    return value === true;
  }

  text(field: string, value: unknown, maxLength: number): string {
    if (typeof value !== 'string') {
      this.fail(field, 'must be a string');
      return '';
    }
    if (value.length > maxLength) this.fail(field, `must be at most ${maxLength} characters`);
    return value;
  }

  /** Required text: not blank after trimming. */
  name(field: string, value: unknown, maxLength: number): string {
    const text = this.text(field, value, maxLength).trim();
    if (typeof value === 'string' && text.length === 0) this.fail(field, 'must not be blank');
    return text;
  }

  integer(field: string, value: unknown, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.fail(field, `must be a whole number from ${min} to ${max}`);
      return min;
    }
    return value;
  }

  /** An absolute http(s) address, or '' for none. */
  url(field: string, value: unknown): string {
    const text = this.text(field, value, MAX_URL_LENGTH);
    if (text !== '' && !isHttpUrl(text)) this.fail(field, 'must be an absolute http or https address');
    return text;
  }

  /** A hex colour (#rgb, #rrggbb, #rrggbbaa), or '' for the default. */
  color(field: string, value: unknown): string {
    const text = this.text(field, value, 9);
    if (text !== '' && !HEX_COLOR.test(text)) this.fail(field, 'must be a hex colour such as #1a2b3c');
    return text;
  }

  /** Rows of text cells (the interface's "array of string arrays"). */
  rows(field: string, value: unknown, maxRows: number, maxCells: number): string[][] {
    if (!Array.isArray(value)) {
      this.fail(field, 'must be an array of string arrays');
      return [];
    }
    if (value.length > maxRows) this.fail(field, `must have at most ${maxRows} rows`);
    return value.map((row: unknown, r) => {
      if (!Array.isArray(row)) {
        this.fail(`${field}[${r}]`, 'must be an array of strings');
        return [];
      }
      if (row.length > maxCells) this.fail(`${field}[${r}]`, `must have at most ${maxCells} cells`);
      return row.map((cell: unknown, c) => this.text(`${field}[${r}][${c}]`, cell, MAX_CELL_LENGTH));
    });
  }
}

export const MAX_URL_LENGTH = 2048;
const MAX_CELL_LENGTH = 500;
// Hex only: colours end up in inline styles, and a closed form leaves no room for CSS injection.
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
