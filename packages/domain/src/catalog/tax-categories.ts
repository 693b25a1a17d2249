/**
 * What a product is for VAT (issue 18). Spelled like the other enumerations
 * of the catalogue (`productType`: lowercase with underscores):
 * - `standard`: anything without a reduced rate (the default);
 * - `news`: newspapers and news services, printed or digital;
 * - `book`: printed books;
 * - `audiobook`: audiobooks, on a medium or downloaded/streamed;
 * - `e_publication`: electronically supplied books and periodicals (e-books, e-magazines);
 * - `physical_periodical`: printed periodicals (magazines, journals).
 */
export const TAX_CATEGORIES = ['standard', 'news', 'book', 'audiobook', 'e_publication', 'physical_periodical'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const DEFAULT_TAX_CATEGORY: TaxCategory = 'standard';

export function isTaxCategory(value: unknown): value is TaxCategory {
  return typeof value === 'string' && (TAX_CATEGORIES as readonly string[]).includes(value);
}
