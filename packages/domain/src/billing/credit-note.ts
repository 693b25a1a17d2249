import { money } from '../shared';
import { InvoiceDocument, InvoiceLine } from './invoice';
import { shareAmong, totalsPerRate } from './tax/bill-tax';
import { taxLine } from './tax/line-tax';

const negate = (n: number) => (n === 0 ? 0 : -n);

/** What the credit notes of an invoice have credited so far, as a positive gross in minor units. */
export const creditedSoFar = (documents: readonly InvoiceDocument[]) =>
  documents.filter((d) => d.kind === 'CREDIT_NOTE').reduce((sum, d) => sum + Math.abs(d.total.minor), 0);

/**
 * A credit note for an invoice: of all of it (a voided bill, a refund of the
 * whole payment), or of part of it (a partial refund: `grossMinor`, what
 * was paid back). A partial credit shares its amount among the invoice's
 * lines in proportion to each line's gross and works out each share's VAT
 * at the line's rate the way a price including VAT is taxed, so per line
 * and in total net + VAT = gross exactly, and the VAT totals per rate are
 * the sums of the lines (EN 16931 BR-CO-17 holds). Each credited line is
 * one unit at its credited amount. Every amount is negated.
 */
export function composeCreditNote(
  invoice: InvoiceDocument,
  input: { id: string; number: string; now: Date; grossMinor?: number },
): InvoiceDocument {
  const whole = input.grossMinor === undefined || input.grossMinor >= invoice.total.minor;
  const lines = whole ? invoice.lines : partOfLines(invoice, input.grossMinor!);
  const taxTotals = whole ? invoice.taxTotals : totalsPerRate(lines.map((l) => ({ ...l, code: l.vatCategory })));
  const sum = (key: 'net' | 'tax' | 'gross') => lines.reduce((s, l) => s + l[key], 0);
  return {
    ...invoice,
    id: input.id,
    kind: 'CREDIT_NOTE',
    number: input.number,
    creditedInvoiceNumber: invoice.number,
    lines: lines.map((l) => ({ ...l, allowance: negate(l.allowance), net: negate(l.net), tax: negate(l.tax), gross: negate(l.gross) })),
    taxTotals: taxTotals.map((t) => ({ ...t, net: negate(t.net), tax: negate(t.tax), gross: negate(t.gross) })),
    net: negate(whole ? invoice.net : sum('net')),
    tax: negate(whole ? invoice.tax : sum('tax')),
    total: money(negate(whole ? invoice.total.minor : sum('gross')), invoice.currency),
    issuedAt: input.now,
    dueAt: input.now,
  };
}

/** The invoice's lines, each credited its share of `grossMinor` as one unit (lines whose share is nothing are left out). */
function partOfLines(invoice: InvoiceDocument, grossMinor: number): InvoiceLine[] {
  const shares = shareAmong(grossMinor, invoice.lines.map((l) => l.gross));
  return invoice.lines.flatMap((line, i): InvoiceLine[] => {
    if (shares[i] === 0) return [];
    const { net, tax, gross } = taxLine(shares[i], line.rate, 'TAX_INCLUDED');
    // One unit at the credited amount, stated in the invoice's own price mode.
    const unitPrice = invoice.priceMode === 'TAX_INCLUDED' ? gross : net;
    return [{ ...line, quantity: 1, unitPrice, allowance: 0, net, tax, gross }];
  });
}
