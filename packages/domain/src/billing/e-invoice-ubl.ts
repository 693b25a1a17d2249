import { formatMinor, InvoiceDocument, InvoiceParty, lastDayOfPeriod } from './invoice';
import { PostalAddress } from './invoicing-facts';
import { formatRate } from './tax/rates';
import { buyerEndpoint, organisationScheme, prefixedVat, sellerEndpoint } from './e-invoice-ids';

// UBL 2.1 invoices and credit notes following Peppol BIS Billing 3.0
// (docs/invoices.md, "E-invoices"). Elements are written in the order the
// UBL 2.1 schema requires.

export const PEPPOL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A tiny XML writer: elements in order, text escaped, empty values left out. */
class Xml {
  private readonly parts: string[] = [];
  private depth = 0;
  open(name: string, attributes: Record<string, string> = {}): this {
    this.parts.push(`${'  '.repeat(this.depth)}<${name}${attrs(attributes)}>`);
    this.depth += 1;
    return this;
  }
  close(name: string): this {
    this.depth -= 1;
    this.parts.push(`${'  '.repeat(this.depth)}</${name}>`);
    return this;
  }
  leaf(name: string, value: string | number | null | undefined, attributes: Record<string, string> = {}): this {
    if (value === null || value === undefined || value === '') return this;
    this.parts.push(`${'  '.repeat(this.depth)}<${name}${attrs(attributes)}>${escapeXml(String(value))}</${name}>`);
    return this;
  }
  toString(): string {
    return this.parts.join('\n');
  }
}
const attrs = (a: Record<string, string>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');

const day = (d: Date) => d.toISOString().slice(0, 10);
const abs = (minor: number) => formatMinor(Math.abs(minor));

function address(x: Xml, a: PostalAddress | null, fallbackCountry: string): void {
  x.open('cac:PostalAddress');
  x.leaf('cbc:StreetName', a?.street);
  x.leaf('cbc:CityName', a?.city);
  x.leaf('cbc:PostalZone', a?.zip);
  x.open('cac:Country').leaf('cbc:IdentificationCode', a?.country ?? fallbackCountry).close('cac:Country');
  x.close('cac:PostalAddress');
}

function taxCategory(x: Xml, element: string, code: string, rate: number): void {
  x.open(element);
  x.leaf('cbc:ID', code);
  if (code !== 'O') x.leaf('cbc:Percent', formatRate(rate));
  if (element === 'cac:TaxCategory' && code === 'AE') {
    x.leaf('cbc:TaxExemptionReasonCode', 'VATEX-EU-AE').leaf('cbc:TaxExemptionReason', 'Reverse charge');
  }
  if (element === 'cac:TaxCategory' && code === 'O') {
    x.leaf('cbc:TaxExemptionReasonCode', 'VATEX-EU-O').leaf('cbc:TaxExemptionReason', 'Outside the scope of EU VAT');
  }
  x.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme');
  x.close(element);
}

/** Whether the document has a line or total outside the scope of VAT (category O): then no VAT identifiers (BR-O-02). */
const outsideScope = (invoice: InvoiceDocument) => invoice.taxTotals.some((t) => t.code === 'O') || invoice.lines.some((l) => l.vatCategory === 'O');

function customer(x: Xml, invoice: InvoiceDocument, b: InvoiceParty): void {
  x.open('cac:AccountingCustomerParty').open('cac:Party');
  if (invoice.ediNumber) {
    const endpoint = buyerEndpoint(invoice.ediNumber, b.address?.country ?? invoice.taxCountry);
    x.leaf('cbc:EndpointID', endpoint.id, { schemeID: endpoint.scheme });
  }
  const name = b.companyName ?? b.name ?? b.email;
  x.open('cac:PartyName').leaf('cbc:Name', name).close('cac:PartyName');
  address(x, b.address, invoice.taxCountry);
  if (b.vatNumber && !outsideScope(invoice)) {
    x.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', b.vatNumber);
    x.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme');
    x.close('cac:PartyTaxScheme');
  }
  x.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', name).close('cac:PartyLegalEntity');
  x.open('cac:Contact').leaf('cbc:Name', b.name).leaf('cbc:ElectronicMail', invoice.email).close('cac:Contact');
  x.close('cac:Party').close('cac:AccountingCustomerParty');
}

function supplier(x: Xml, invoice: InvoiceDocument): void {
  const s = invoice.seller;
  const country = s.address.country;
  const vat = s.vatNumber ? prefixedVat(s.vatNumber, country) : null;
  const organisation = s.organisationNumber ?? null;
  const outside = outsideScope(invoice);
  x.open('cac:AccountingSupplierParty').open('cac:Party');
  const endpoint = sellerEndpoint({ gln: s.gln, organisationNumber: organisation, vatNumber: vat, country });
  if (endpoint) x.leaf('cbc:EndpointID', endpoint.id, { schemeID: endpoint.scheme });
  // Outside the scope of VAT the seller is known by its VAT number as a plain identifier (BR-O-02, BR-CO-26).
  if (outside && vat && !organisation) x.open('cac:PartyIdentification').leaf('cbc:ID', vat).close('cac:PartyIdentification');
  x.open('cac:PartyName').leaf('cbc:Name', s.name).close('cac:PartyName');
  address(x, s.address, country);
  if (vat && !outside) {
    x.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', vat);
    x.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme');
    x.close('cac:PartyTaxScheme');
  }
  x.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', s.name);
  const scheme = organisation ? organisationScheme(country, organisation) : null;
  x.leaf('cbc:CompanyID', organisation, scheme && ['0007', '0192', '0184'].includes(scheme) ? { schemeID: scheme } : {});
  x.close('cac:PartyLegalEntity');
  x.close('cac:Party').close('cac:AccountingSupplierParty');
}

/**
 * How the bill is paid (EN 16931 BG-16, UNCL 4461): a card-paid bill is 48
 * with the card's last digits; an invoice is a credit transfer to the
 * vendor's account, SEPA (58) for an IBAN in euro (then alone), else 30, and for a
 * Swedish bankgiro or plusgiro 30 with the branch SE:BANKGIRO / SE:PLUSGIRO
 * (Peppol SE-R-007..SE-R-011). Without an account: 1 (not defined).
 */
function paymentMeans(x: Xml, invoice: InvoiceDocument): void {
  const terms = invoice.paymentTerms as InvoiceDocument['paymentTerms'] & { brand?: string | null; description?: string | null };
  if (terms.method.toLowerCase() === 'card') {
    x.open('cac:PaymentMeans').leaf('cbc:PaymentMeansCode', '48').leaf('cbc:PaymentID', invoice.number);
    const last = /(\d{4})\D*$/.exec(terms.description ?? '')?.[1] ?? 'XXXX';
    x.open('cac:CardAccount').leaf('cbc:PrimaryAccountNumberID', last).leaf('cbc:NetworkID', terms.brand || 'card').close('cac:CardAccount');
    x.close('cac:PaymentMeans');
    return;
  }
  const a = invoice.payeeAccount ?? null;
  const transfer = (code: string, id: string, branch: string | null) => {
    x.open('cac:PaymentMeans').leaf('cbc:PaymentMeansCode', code).leaf('cbc:PaymentID', invoice.number);
    x.open('cac:PayeeFinancialAccount').leaf('cbc:ID', id).leaf('cbc:Name', invoice.seller.name);
    if (branch) x.open('cac:FinancialInstitutionBranch').leaf('cbc:ID', branch).close('cac:FinancialInstitutionBranch');
    x.close('cac:PayeeFinancialAccount').close('cac:PaymentMeans');
  };
  // All payment means of a document share one code (UBL-SR-47): a euro invoice with an IBAN is SEPA only.
  const sepa = !!a?.iban && invoice.currency === 'EUR';
  if (a?.iban) transfer(sepa ? '58' : '30', a.iban, a.bic);
  if (a?.bankgiro && !sepa) transfer('30', a.bankgiro, 'SE:BANKGIRO');
  if (a?.plusgiro && !sepa) transfer('30', a.plusgiro, 'SE:PLUSGIRO');
  if (!a?.iban && !a?.bankgiro && !a?.plusgiro) {
    x.open('cac:PaymentMeans').leaf('cbc:PaymentMeansCode', '1').leaf('cbc:PaymentID', invoice.number).close('cac:PaymentMeans');
  }
}

/**
 * The invoice (or credit note) as UBL 2.1 XML in the Peppol BIS Billing 3.0
 * profile. Its totals are the document's: line net amounts, VAT per rate
 * and category, tax-exclusive and tax-inclusive totals and the amount to
 * pay, all as on the PDF. Credit notes carry positive amounts and refer to
 * the invoice they credit, as UBL wants.
 */
export function toUbl(invoice: InvoiceDocument): string {
  const credit = invoice.kind === 'CREDIT_NOTE';
  const root = credit ? 'CreditNote' : 'Invoice';
  const c = { currencyID: invoice.currency };
  const x = new Xml();
  x.open(root, {
    xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
    'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  });
  x.leaf('cbc:CustomizationID', PEPPOL_CUSTOMIZATION_ID);
  x.leaf('cbc:ProfileID', PEPPOL_PROFILE_ID);
  x.leaf('cbc:ID', invoice.number);
  x.leaf('cbc:IssueDate', day(invoice.issuedAt));
  if (!credit) x.leaf('cbc:DueDate', day(invoice.dueAt));
  x.leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380');
  for (const note of invoice.notes) x.leaf('cbc:Note', note);
  x.leaf('cbc:DocumentCurrencyCode', invoice.currency);
  // Peppol wants a buyer reference or an order reference: the customer's reference, else the contract.
  x.leaf('cbc:BuyerReference', invoice.customerReference ?? invoice.contractId);
  x.open('cac:InvoicePeriod').leaf('cbc:StartDate', day(invoice.periodStart));
  // EN 16931 BT-74 is the last day of the period (inclusive).
  const lastDay = lastDayOfPeriod(invoice);
  if (lastDay) x.leaf('cbc:EndDate', day(lastDay));
  x.close('cac:InvoicePeriod');
  if (credit && invoice.creditedInvoiceNumber) {
    x.open('cac:BillingReference').open('cac:InvoiceDocumentReference').leaf('cbc:ID', invoice.creditedInvoiceNumber);
    x.close('cac:InvoiceDocumentReference').close('cac:BillingReference');
  }
  x.open('cac:ContractDocumentReference').leaf('cbc:ID', invoice.contractId).close('cac:ContractDocumentReference');
  supplier(x, invoice);
  customer(x, invoice, invoice.billedTo);
  if (!credit) paymentMeans(x, invoice);
  const terms = [invoice.paymentInstructions, invoice.vendorReference ? `Our reference: ${invoice.vendorReference}` : null].filter(Boolean).join(' ');
  if (terms && !credit) x.open('cac:PaymentTerms').leaf('cbc:Note', terms).close('cac:PaymentTerms');

  x.open('cac:TaxTotal').leaf('cbc:TaxAmount', abs(invoice.tax), c);
  for (const t of invoice.taxTotals) {
    x.open('cac:TaxSubtotal').leaf('cbc:TaxableAmount', abs(t.net), c).leaf('cbc:TaxAmount', abs(t.tax), c);
    taxCategory(x, 'cac:TaxCategory', t.code, t.rate);
    x.close('cac:TaxSubtotal');
  }
  x.close('cac:TaxTotal');
  x.open('cac:LegalMonetaryTotal');
  x.leaf('cbc:LineExtensionAmount', abs(invoice.net), c);
  x.leaf('cbc:TaxExclusiveAmount', abs(invoice.net), c);
  x.leaf('cbc:TaxInclusiveAmount', abs(invoice.total.minor), c);
  x.leaf('cbc:PayableAmount', abs(invoice.total.minor), c);
  x.close('cac:LegalMonetaryTotal');

  for (const [i, l] of invoice.lines.entries()) {
    const line = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
    x.open(line).leaf('cbc:ID', String(i + 1));
    x.leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', String(l.quantity), { unitCode: 'C62' });
    x.leaf('cbc:LineExtensionAmount', abs(l.net), c);
    // Prices without VAT: with the tax excluded the unit price is the net one and a discount is an allowance;
    // with it included, the line's net amount is the price of the whole quantity (BaseQuantity), so
    // quantity x price = the line amount exactly.
    const excluded = invoice.priceMode === 'TAX_EXCLUDED';
    const allowance = Math.abs(l.allowance);
    if (excluded && allowance !== 0) {
      x.open('cac:AllowanceCharge').leaf('cbc:ChargeIndicator', l.allowance < 0 === !credit ? 'true' : 'false');
      x.leaf('cbc:AllowanceChargeReason', l.allowance < 0 === !credit ? 'Charge for the period' : 'Discount or unused part of the period');
      x.leaf('cbc:Amount', formatMinor(allowance), c).close('cac:AllowanceCharge');
    }
    x.open('cac:Item').leaf('cbc:Name', l.title);
    x.open('cac:SellersItemIdentification').leaf('cbc:ID', l.sku).close('cac:SellersItemIdentification');
    taxCategory(x, 'cac:ClassifiedTaxCategory', l.vatCategory, l.rate);
    x.close('cac:Item');
    x.open('cac:Price');
    if (excluded) x.leaf('cbc:PriceAmount', formatMinor(Math.abs(l.unitPrice)), c);
    else x.leaf('cbc:PriceAmount', abs(l.net), c).leaf('cbc:BaseQuantity', String(l.quantity), { unitCode: 'C62' });
    x.close('cac:Price');
    x.close(line);
  }
  x.close(root);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${x.toString()}\n`;
}
