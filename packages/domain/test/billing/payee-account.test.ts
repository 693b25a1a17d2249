import {
  changeBillingSettings,
  emptyBillingSettings,
  normalizeBankgiro,
  normalizeBic,
  normalizeGln,
  normalizeIban,
  normalizeOrganisationNumber,
  normalizePlusgiro,
} from '../../src/billing';
import { buyerEndpoint, EAS_CODES, sellerEndpoint } from '../../src/billing/e-invoice-ids';

describe("the vendor's identifiers and bank account", () => {
  it('checks IBANs by country length and mod 97 checksum', () => {
    expect(normalizeIban('SE45 5000 0000 0583 9825 7466')).toBe('SE4550000000058398257466');
    expect(normalizeIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normalizeIban('SE45 5000 0000 0583 9825 7467')).toBeNull();
    expect(normalizeIban('SE45 5000 0000 0583 9825 746')).toBeNull();
    expect(normalizeIban('not an iban')).toBeNull();
  });

  it('checks BICs, bankgiro and plusgiro (Luhn), GLNs (GS1) and Swedish organisation numbers (Luhn)', () => {
    expect(normalizeBic('esse se ss')).toBe('ESSESESS');
    expect(normalizeBic('ESSESESS1')).toBeNull();
    expect(normalizeBankgiro('5050-1055')).toBe('50501055');
    expect(normalizeBankgiro('5050-1056')).toBeNull();
    expect(normalizePlusgiro('400000-6')).toBe('4000006');
    expect(normalizePlusgiro('4000007')).toBeNull();
    expect(normalizeGln('7365560000001')).toBeNull();
    expect(normalizeGln('7300010000001')).toBe('7300010000001');
    expect(normalizeOrganisationNumber('556703-7485', 'SE')).toBe('5567037485');
    expect(normalizeOrganisationNumber('5567037486', 'SE')).toBeNull();
  });

  it('refuses a bad value in the settings by field, and a BIC without an IBAN', () => {
    const empty = emptyBillingSettings('v');
    expect(() => changeBillingSettings(empty, { iban: 'SE4550000000058398257467' }, new Date())).toThrow(expect.objectContaining({ code: 'BILLING.BAD_SETTINGS', details: { field: 'iban' } }));
    expect(() => changeBillingSettings(empty, { bic: 'ESSESESS' }, new Date())).toThrow(/bic is given without an iban/);
    expect(changeBillingSettings(empty, { iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' }, new Date())).toMatchObject({ iban: 'SE4550000000058398257466', bic: 'ESSESESS' });
  });
});

describe('e-invoice identifiers from the EAS list', () => {
  it('never names 9955; a Swedish seller goes by its organisation number (0007), or its GLN (0088)', () => {
    expect(EAS_CODES.has('9955')).toBe(false);
    expect(sellerEndpoint({ organisationNumber: '5567037485', vatNumber: 'SE556703748501', country: 'SE' })).toEqual({ scheme: '0007', id: '5567037485' });
    expect(sellerEndpoint({ gln: '7300010000001', organisationNumber: '5567037485', vatNumber: null, country: 'SE' })).toEqual({ scheme: '0088', id: '7300010000001' });
    expect(sellerEndpoint({ vatNumber: 'SE556703748501', country: 'SE' })).toBeNull();
    expect(sellerEndpoint({ vatNumber: 'DE136695976', country: 'DE' })).toEqual({ scheme: '9930', id: 'DE136695976' });
  });

  it("reads the buyer's ediNumber: an explicit scheme from the list, else by form and country", () => {
    expect(buyerEndpoint('0192:974760673', 'NO')).toEqual({ scheme: '0192', id: '974760673' });
    expect(buyerEndpoint('9955:SE556036079301', 'SE')).toEqual({ scheme: '0007', id: '5560360793' });
    expect(buyerEndpoint('5560360793', 'SE')).toEqual({ scheme: '0007', id: '5560360793' });
    expect(buyerEndpoint('7300010000001', 'DE')).toEqual({ scheme: '0088', id: '7300010000001' });
    expect(buyerEndpoint('DE136695976', 'DE')).toEqual({ scheme: '9930', id: 'DE136695976' });
  });
});
