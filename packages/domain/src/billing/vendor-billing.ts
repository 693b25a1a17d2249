import { Clock, InvalidError } from '../shared';
import { isTaxCategory } from './tax/categories';
import { RateOverride } from './tax/rates';
import { isVatNumberOfValidForm, normalizeVatNumber } from './tax/vat-number';
import { normalizeBankgiro, normalizeBic, normalizeGln, normalizeIban, normalizeOrganisationNumber, normalizePlusgiro } from './payee-account';

/** The seller on a vendor's invoices: what an EU invoice must say of the supplier. */
export interface VendorBillingSettings {
  readonly vendorId: string;
  /** The registered name of the business; the vendor's display name stands in until it is set. */
  readonly legalName: string | null;
  readonly street: string | null;
  readonly zip: string | null;
  readonly city: string | null;
  /** Where the vendor is established; decides reverse charge (a buyer in another EU country). Default SE. */
  readonly country: string | null;
  readonly vatNumber: string | null;
  /** How to pay, as the invoice prints it (bank account, IBAN/BIC, bankgiro...). */
  readonly paymentInstructions: string | null;
  /** The national registration number (Swedish organisationsnummer); a Swedish one comes from the VAT number when unset. */
  readonly organisationNumber?: string | null;
  /** The vendor's GLN (13 digits), its e-invoice address when set (Peppol scheme 0088). */
  readonly gln?: string | null;
  /** The bank account buyers pay to (e-invoice PayeeFinancialAccount): IBAN and BIC, Swedish bankgiro or plusgiro. */
  readonly iban?: string | null;
  readonly bic?: string | null;
  readonly bankgiro?: string | null;
  readonly plusgiro?: string | null;
  /** The vendor's own rates, overriding the table per country and category. */
  readonly rateOverrides: readonly RateOverride[];
  readonly updatedAt: Date | null;
}

/** A vendor without settings sells from Sweden, the default market. */
export const DEFAULT_SELLER_COUNTRY = 'SE';

export const emptyBillingSettings = (vendorId: string): VendorBillingSettings => ({
  vendorId,
  legalName: null,
  street: null,
  zip: null,
  city: null,
  country: null,
  vatNumber: null,
  paymentInstructions: null,
  organisationNumber: null,
  gln: null,
  iban: null,
  bic: null,
  bankgiro: null,
  plusgiro: null,
  rateOverrides: [],
  updatedAt: null,
});

export type BillingSettingsChange = Partial<Omit<VendorBillingSettings, 'vendorId' | 'updatedAt'>>;

export interface VendorBillingSettingsRepository {
  /** null when the vendor never set any. */
  find(vendorId: string): Promise<VendorBillingSettings | null>;
  save(settings: VendorBillingSettings): Promise<void>;
}

const bad = (field: string, message: string) => new InvalidError('BILLING.BAD_SETTINGS', `${field} ${message}`, { field });

function text(field: string, value: string | null, max: number): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed.length > max) throw bad(field, `must be at most ${max} characters`);
  return trimmed || null;
}

/** The identifiers and bank account of a change, each checked (form and check digits) and normalised. */
function checkedAccount(pick: <K extends keyof BillingSettingsChange>(key: K) => VendorBillingSettings[K], country: string) {
  const checked = (field: 'organisationNumber' | 'gln' | 'iban' | 'bic' | 'bankgiro' | 'plusgiro', normalize: (v: string) => string | null, what: string) => {
    const value = pick(field);
    if (value === null || value === undefined || value.trim() === '') return null;
    if (value.length > 64) throw bad(field, 'must be at most 64 characters');
    const normalized = normalize(value);
    if (normalized === null) throw bad(field, `is not ${what}`);
    return normalized;
  };
  const account = {
    organisationNumber: checked('organisationNumber', (v) => normalizeOrganisationNumber(v, country), `an organisation number of valid form for ${country}`),
    gln: checked('gln', normalizeGln, 'a GLN (13 digits with a valid check digit)'),
    iban: checked('iban', normalizeIban, 'an IBAN (country, length and checksum)'),
    bic: checked('bic', normalizeBic, 'a BIC (8 or 11 characters)'),
    bankgiro: checked('bankgiro', normalizeBankgiro, 'a bankgiro number (7 or 8 digits with a valid check digit)'),
    plusgiro: checked('plusgiro', normalizePlusgiro, 'a plusgiro number (2 to 8 digits with a valid check digit)'),
  };
  if (account.bic && !account.iban) throw bad('bic', 'is given without an iban');
  return account;
}

/** Applies a change (a field left out stays; null clears it) and checks the result. */
export function changeBillingSettings(current: VendorBillingSettings, change: BillingSettingsChange, now: Date): VendorBillingSettings {
  const pick = <K extends keyof BillingSettingsChange>(key: K) => (change[key] === undefined ? current[key] : change[key]) as VendorBillingSettings[K];
  const country = pick('country');
  if (country !== null && !/^[A-Z]{2}$/.test(country)) throw bad('country', 'must be two capital letters');
  const vat = pick('vatNumber');
  const vatNumber = vat === null || vat.trim() === '' ? null : normalizeVatNumber(vat);
  if (vatNumber !== null && !isVatNumberOfValidForm(vatNumber, country ?? DEFAULT_SELLER_COUNTRY)) {
    throw bad('vatNumber', `is not a VAT number of valid form for ${country ?? DEFAULT_SELLER_COUNTRY}`);
  }
  const account = checkedAccount(pick, country ?? DEFAULT_SELLER_COUNTRY);
  const rateOverrides = pick('rateOverrides');
  if (rateOverrides.length > 200) throw bad('rateOverrides', 'must have at most 200 entries');
  for (const o of rateOverrides) {
    if (!/^[A-Z]{2}$/.test(o.country)) throw bad('rateOverrides.country', 'must be two capital letters');
    if (!isTaxCategory(o.category)) throw bad('rateOverrides.category', 'is not a tax category');
    if (!Number.isSafeInteger(o.rate) || o.rate < 0 || o.rate > 10_000) throw bad('rateOverrides.rate', 'must be 0 to 10000 basis points');
  }
  const seen = new Set(rateOverrides.map((o) => `${o.country}/${o.category}`));
  if (seen.size !== rateOverrides.length) throw bad('rateOverrides', 'names a country and category twice');
  return {
    vendorId: current.vendorId,
    legalName: text('legalName', pick('legalName'), 200),
    street: text('street', pick('street'), 200),
    zip: text('zip', pick('zip'), 32),
    city: text('city', pick('city'), 200),
    country,
    vatNumber,
    paymentInstructions: text('paymentInstructions', pick('paymentInstructions'), 1000),
    ...account,
    rateOverrides: rateOverrides.map((o) => ({ country: o.country, category: o.category, rate: o.rate })),
    updatedAt: now,
  };
}

export class GetBillingSettings {
  constructor(private readonly settings: Pick<VendorBillingSettingsRepository, 'find'>) {}

  async execute(vendorId: string): Promise<VendorBillingSettings> {
    return (await this.settings.find(vendorId)) ?? emptyBillingSettings(vendorId);
  }
}

export class UpdateBillingSettings {
  constructor(
    private readonly settings: VendorBillingSettingsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; change: BillingSettingsChange }): Promise<VendorBillingSettings> {
    const current = (await this.settings.find(command.vendorId)) ?? emptyBillingSettings(command.vendorId);
    const next = changeBillingSettings(current, command.change, this.clock.now());
    await this.settings.save(next);
    return next;
  }
}
