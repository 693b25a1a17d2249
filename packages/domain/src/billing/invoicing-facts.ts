import { BillItem, ContractSnapshot } from '../contracts';
import { Bill } from '../contracts';
import { Money } from '../shared';
import { DEFAULT_TAX_CATEGORY, TaxCategory } from './tax/categories';
import { priceMode } from './tax/line-tax';
import { RateTotal, TaxBreakdown, shareAmong, taxBill } from './tax/bill-tax';
import { taxTreatment } from './tax/treatment';
import { placeOfSupply, PlaceOfSupply } from './tax/place-of-supply';
import { isVatNumberOfValidForm } from './tax/vat-number';
import { VatNumberCheck, VatNumberChecker } from './tax/vat-number-check';
import { DEFAULT_SELLER_COUNTRY, emptyBillingSettings, VendorBillingSettings } from './vendor-billing';

/** A postal address on an invoice. */
export interface PostalAddress {
  readonly street: string | null;
  readonly zip: string | null;
  readonly city: string | null;
  readonly country: string;
}

/** What a buyer told the vendor about how to invoice them (their profile: company and billing address). */
export interface BuyerDetails {
  readonly companyName: string | null;
  readonly vatNumber: string | null;
  readonly address: PostalAddress | null;
  /** The language they read (their profile's locale), when known: the invoice is written in it. */
  readonly language?: string | null;
}

/**
 * The billed party as an invoice names them: what the contract was made
 * with (`businessDetails`, `address`), each part falling back to the
 * party's profile.
 */
export async function billedParty(
  facts: Pick<InvoicingFacts, 'buyer'>,
  vendorId: string,
  contract: Pick<ContractSnapshot, 'userId' | 'payer' | 'billingDetails'>,
): Promise<BuyerDetails | null> {
  const profile = await facts.buyer(vendorId, contract.payer?.id ?? contract.userId);
  const given = contract.billingDetails ?? null;
  if (!given) return profile;
  return {
    companyName: given.companyName ?? profile?.companyName ?? null,
    vatNumber: given.vatNumber ?? profile?.vatNumber ?? null,
    address: given.address ?? profile?.address ?? null,
    language: profile?.language ?? null,
  };
}

/** The seller as its invoices name it: the vendor's billing settings and its display name. */
export interface SellerFacts {
  readonly vendorName: string;
  readonly settings: VendorBillingSettings;
  /** The vendor's default reader language (its checkout settings): an invoice's language when the buyer's is unknown. */
  readonly defaultLanguage?: string | null;
}

/**
 * What invoicing needs to know beyond the bill and the contract: the seller,
 * each product's tax category and the billed person's details. Adapters read
 * the catalogue, the billing settings and the reader's profile.
 */
export interface InvoicingFacts {
  seller(vendorId: string): Promise<SellerFacts>;
  /**
   * The seller's billing settings alone: all a tax quote needs. Given, a
   * quote reads neither the vendor's name nor its language (a contract's
   * view and a checkout's price are quoted on every answer).
   */
  sellerSettings?(vendorId: string): Promise<VendorBillingSettings>;
  taxCategories(vendorId: string, skus: readonly string[]): Promise<ReadonlyMap<string, TaxCategory>>;
  buyer(vendorId: string, userId: string): Promise<BuyerDetails | null>;
  /**
   * Where the reader fetches the invoice PDF of a bill (`GET /bills/{id}/receipt`). Not the bill's `receiptUrl`:
   * that is null until the bill is paid, then the receipt's address (ReceiptFacts).
   */
  receiptUrl?(vendorId: string, billId: string): string;
  /** Checks a business buyer's VAT number before an invoice reverse-charges it (absent: the form alone decides). */
  readonly vatNumbers?: VatNumberChecker;
}

/** Facts when nothing is known: the vendor id as its name, Swedish seller, every product standard-rated. */
export const NO_INVOICING_FACTS: InvoicingFacts = {
  seller: async (vendorId) => ({ vendorName: vendorId, settings: emptyBillingSettings(vendorId) }),
  taxCategories: async () => new Map(),
  buyer: async () => null,
};

/** The seller's settings for a tax quote, through `sellerSettings` when the facts offer it. */
const settingsOfSeller = async (facts: InvoicingFacts, vendorId: string): Promise<VendorBillingSettings> =>
  facts.sellerSettings ? facts.sellerSettings(vendorId) : (await facts.seller(vendorId)).settings;

export type TaxedContract = Pick<ContractSnapshot, 'items' | 'taxIncluded' | 'payment'>;

/**
 * The tax of a bill the contract issued. Each bill item is matched with the
 * contract's item (quantity and unit price); the bill's price is shared among
 * the items in proportion to their list amounts (a discounted or prorated
 * bill shows the difference as an allowance per line); each line is taxed
 * at its category's rate in the place of supply (tax/place-of-supply.ts:
 * the billing address, the stated or checkout's payment country), with the
 * contract's price mode; the evidence used is kept with the tax.
 */
export function taxOfBill(input: {
  bill: Pick<Bill, 'items' | 'price'>;
  contract: TaxedContract;
  categories: ReadonlyMap<string, TaxCategory>;
  seller: VendorBillingSettings;
  buyer: BuyerDetails | null;
  /** The check of the buyer's VAT number (checkBuyerVatNumber); only a passed one reverse-charges. */
  vatNumberCheck?: VatNumberCheck | null;
}): TaxBreakdown {
  const { bill, contract } = input;
  const priced = bill.items.map((item: BillItem) => {
    const ci =
      contract.items.find((c) => c.purchaseOptionId === item.purchaseOptionId && c.sku === item.sku) ??
      contract.items.find((c) => c.sku === item.sku);
    return { item, quantity: ci?.quantity ?? 1, unitPrice: ci?.unitPrice.minor ?? bill.price.minor };
  });
  const shares = shareAmong(
    bill.price.minor,
    priced.map((p) => p.quantity * p.unitPrice),
  );
  const place = placeOfContract(contract, input.buyer);
  const treatment = taxTreatment({
    sellerCountry: input.seller.country ?? DEFAULT_SELLER_COUNTRY,
    buyerCountry: place.country,
    buyerVatNumber: input.buyer?.vatNumber ?? null,
    buyerVatNumberCheck: input.vatNumberCheck ?? null,
  });
  const taxed = taxBill({
    mode: priceMode(contract.taxIncluded),
    treatment,
    overrides: input.seller.rateOverrides,
    lines: priced.map((p, i) => ({
      sku: p.item.sku,
      title: p.item.title,
      quantity: p.quantity,
      unitPrice: p.unitPrice,
      amount: shares[i],
      category: input.categories.get(p.item.sku) ?? DEFAULT_TAX_CATEGORY,
    })),
  });
  return { ...taxed, placeOfSupply: place, ...(input.vatNumberCheck ? { vatNumberCheck: input.vatNumberCheck } : {}) };
}

/** The place of supply of a contract's sale: its payment evidence and the billed party's address (tax/place-of-supply.ts). */
export function placeOfContract(contract: Pick<ContractSnapshot, 'payment'>, buyer: BuyerDetails | null): PlaceOfSupply {
  return placeOfSupply({
    paymentCountry: contract.payment.country,
    paymentCountrySource: contract.payment.countrySource,
    billingAddressCountry: buyer?.address?.country ?? null,
    cardCountry: contract.payment.cardCountry ?? null,
  });
}

/**
 * Checks the buyer's VAT number before invoicing (Implementing Regulation 282/2011 Art. 18): only when the
 * buyer gave one of valid form for the place of supply (anything else is taxed as a consumer without asking).
 */
export async function checkBuyerVatNumber(
  facts: Pick<InvoicingFacts, 'vatNumbers'>,
  contract: Pick<ContractSnapshot, 'payment'>,
  buyer: BuyerDetails | null,
  now: Date,
): Promise<VatNumberCheck | null> {
  const vatNumber = buyer?.vatNumber ?? null;
  if (!vatNumber || !facts.vatNumbers) return null;
  const country = placeOfContract(contract, buyer).country;
  if (!isVatNumberOfValidForm(vatNumber, country)) return null;
  return facts.vatNumbers.check({ vatNumber, country, now });
}

/**
 * The VAT of a contract's price as its next invoice would show it (the
 * contract and checkout views show it beside `price`): the same facts and
 * rules as InvoiceBill.
 */
export class QuoteContractTax {
  constructor(private readonly facts: InvoicingFacts) {}

  async execute(command: {
    contract: Pick<ContractSnapshot, 'vendorId' | 'userId' | 'payer' | 'items' | 'taxIncluded' | 'payment' | 'billingDetails'>;
    price: Money;
  }): Promise<TaxBreakdown> {
    const { contract, price } = command;
    const items = contract.items.map((i) => ({ sku: i.sku, title: i.name, purchaseOptionId: i.purchaseOptionId }));
    // One after another: the ports may share one database connection (a transaction's).
    const seller = await settingsOfSeller(this.facts, contract.vendorId);
    const categories = await this.facts.taxCategories(contract.vendorId, items.map((i) => i.sku));
    const buyer = await billedParty(this.facts, contract.vendorId, contract);
    return taxOfBill({ bill: { items, price }, contract, categories, seller, buyer });
  }
}

/** A priced line of a checkout: its own price mode (the purchase option's). */
export interface CheckoutLineToQuote {
  readonly sku: string;
  readonly title: string;
  readonly unitPrice: Money;
  readonly taxIncluded: boolean;
}

/**
 * The VAT of a checkout's price, for its view: the buyer's country (default
 * SE) is the market, a business buyer's VAT number may reverse-charge. Each
 * line is taxed in its own price mode; the price is shared among the lines
 * as a bill's is.
 */
export class QuoteCheckoutTax {
  constructor(private readonly facts: InvoicingFacts) {}

  async execute(command: {
    vendorId: string;
    lines: readonly CheckoutLineToQuote[];
    price: Money;
    country: string | null;
    vatNumber: string | null;
  }): Promise<TaxBreakdown | null> {
    if (command.lines.length === 0) return null;
    // One after another: the ports may share one database connection (a transaction's).
    const seller = await settingsOfSeller(this.facts, command.vendorId);
    const categories = await this.facts.taxCategories(command.vendorId, command.lines.map((l) => l.sku));
    const shares = shareAmong(command.price.minor, command.lines.map((l) => l.unitPrice.minor));
    const treatment = taxTreatment({
      sellerCountry: seller.country ?? DEFAULT_SELLER_COUNTRY,
      buyerCountry: command.country ?? DEFAULT_SELLER_COUNTRY,
      buyerVatNumber: command.vatNumber,
    });
    const parts = command.lines.map((l, i) =>
      taxBill({
        mode: priceMode(l.taxIncluded),
        treatment,
        overrides: seller.rateOverrides,
        lines: [{ sku: l.sku, title: l.title, quantity: 1, unitPrice: l.unitPrice.minor, amount: shares[i], category: categories.get(l.sku) ?? DEFAULT_TAX_CATEGORY }],
      }),
    );
    const lines = parts.flatMap((p) => p.lines);
    const totals: RateTotal[] = [];
    for (const t of parts.flatMap((p) => p.totals)) {
      const i = totals.findIndex((x) => x.rate === t.rate && x.code === t.code);
      if (i < 0) totals.push({ ...t });
      else totals[i] = { ...totals[i], net: totals[i].net + t.net, tax: totals[i].tax + t.tax, gross: totals[i].gross + t.gross };
    }
    const sum = (key: 'net' | 'tax' | 'gross') => lines.reduce((s, l) => s + l[key], 0);
    return { ...parts[0], lines, totals, net: sum('net'), tax: sum('tax'), gross: sum('gross') };
  }
}
