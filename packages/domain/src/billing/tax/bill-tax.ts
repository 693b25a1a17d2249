import { TaxCategory } from './categories';
import { LineTax, PriceMode, taxLine } from './line-tax';
import { RateBasisPoints, RateOverride } from './rates';
import { rateFor, TaxTreatment, VatCategoryCode } from './treatment';
import { VatNumberCheck } from './vat-number-check';
import { PlaceOfSupply } from './place-of-supply';

/** One line to tax: a product, its quantity and unit price, and its share of the bill (minor units). */
export interface LineToTax {
  readonly sku: string;
  readonly title: string;
  readonly quantity: number;
  /** The unit price as stated (net or gross by the price mode). */
  readonly unitPrice: number;
  /** What the bill charges for the line, as stated: quantity x unit price, less discount or proration. */
  readonly amount: number;
  readonly category: TaxCategory;
}

export interface TaxedLine extends LineTax {
  readonly sku: string;
  readonly title: string;
  readonly quantity: number;
  readonly unitPrice: number;
  /** Quantity x unit price less `amount`: a discount or the unused part of a prorated period (negative for a charge). */
  readonly allowance: number;
  readonly category: TaxCategory;
  readonly code: VatCategoryCode;
}

export interface RateTotal {
  readonly rate: RateBasisPoints;
  readonly code: VatCategoryCode;
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
}

/** The tax of a bill: lines, totals per rate and the sums. Always net + tax = gross, per line and in total. */
export interface TaxBreakdown {
  readonly mode: PriceMode;
  readonly country: string;
  readonly reverseCharge: boolean;
  readonly buyerVatNumber: string | null;
  readonly note: string | null;
  readonly lines: readonly TaxedLine[];
  readonly totals: readonly RateTotal[];
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
  /** Where the sale is taxed and the evidence used (bills and invoices; absent on checkout quotes and older bills). */
  readonly placeOfSupply?: PlaceOfSupply;
  /** How the buyer's VAT number was checked (VIES or format only), when they gave one. */
  readonly vatNumberCheck?: VatNumberCheck;
}

/** Taxes each line on its own (the rounding rule is per line) and adds up per rate and VAT category. */
export function taxBill(input: {
  lines: readonly LineToTax[];
  mode: PriceMode;
  treatment: TaxTreatment;
  overrides?: readonly RateOverride[];
}): TaxBreakdown {
  const lines = input.lines.map((line): TaxedLine => {
    const { rate, code } = rateFor(input.treatment, line.category, input.overrides);
    return {
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      allowance: line.quantity * line.unitPrice - line.amount,
      category: line.category,
      code,
      ...taxLine(line.amount, rate, input.mode),
    };
  });
  const totals = totalsPerRate(lines);
  const sum = (key: 'net' | 'tax' | 'gross') => lines.reduce((s, l) => s + l[key], 0);
  return {
    mode: input.mode,
    country: input.treatment.country,
    reverseCharge: input.treatment.reverseCharge,
    buyerVatNumber: input.treatment.buyerVatNumber,
    note: input.treatment.note,
    lines,
    totals,
    net: sum('net'),
    tax: sum('tax'),
    gross: sum('gross'),
  };
}

/**
 * Shares a bill's price among its lines in proportion to each line's list
 * amount (quantity x unit price), the remainder going to the largest
 * fractions first, so the shares add up to the price exactly. A bill that is
 * a discounted or prorated version of the list amounts is spread evenly.
 */
export function shareAmong(price: number, listAmounts: readonly number[]): number[] {
  if (listAmounts.length === 0) return [];
  const list = listAmounts.reduce((s, a) => s + a, 0);
  if (list === 0) return listAmounts.map((_, i) => (i === 0 ? price : 0));
  const p = BigInt(price);
  const l = BigInt(list);
  const raw = listAmounts.map((a) => {
    const product = p * BigInt(a);
    const floor = product >= 0n ? product / l : -((-product + l - 1n) / l);
    return { floor, rest: product - floor * l };
  });
  let left = p - raw.reduce((s, r) => s + r.floor, 0n);
  const order = raw.map((r, i) => ({ i, rest: r.rest })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const shares = raw.map((r) => r.floor);
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * The VAT breakdown of some lines (each with its rate, category code and
 * amounts): one total per rate and category code,
 * highest rate first (the order invoices list them in). A bill and a credit
 * note add up their lines this one way, so their breakdowns always agree.
 */
export function totalsPerRate(lines: readonly RateTotal[]): RateTotal[] {
  const totals: RateTotal[] = [];
  for (const line of lines) {
    const i = totals.findIndex((t) => t.rate === line.rate && t.code === line.code);
    const total = i >= 0 ? totals[i] : { rate: line.rate, code: line.code, net: 0, tax: 0, gross: 0 };
    const next = { ...total, net: total.net + line.net, tax: total.tax + line.tax, gross: total.gross + line.gross };
    if (i >= 0) totals[i] = next;
    else totals.push(next);
  }
  return totals.sort((a, b) => b.rate - a.rate || a.code.localeCompare(b.code));
}
