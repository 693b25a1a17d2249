import { FormatOnlyVatNumberChecker, taxTreatment, VatNumberCheck, vatNumberCheckLine } from '../../src/billing';

const NOW = new Date('2026-11-28T10:00:00.000Z');
const parties = { sellerCountry: 'SE', buyerCountry: 'DE', buyerVatNumber: 'DE136695976' };
const check = (status: VatNumberCheck['status'], extra: Partial<VatNumberCheck> = {}): VatNumberCheck => ({
  vatNumber: 'DE136695976', country: 'DE', method: 'VIES', status, checkedAt: NOW.toISOString(), ...extra,
});

describe('VAT numbers checked before reverse charge (Implementing Regulation 282/2011 Art. 18)', () => {
  it('the embedded default checks the form only, and says so', async () => {
    const checker = new FormatOnlyVatNumberChecker();
    const ok = await checker.check({ vatNumber: 'de 136 695 976', country: 'DE', now: NOW });
    expect(ok).toEqual({ vatNumber: 'DE136695976', country: 'DE', method: 'FORMAT_ONLY', status: 'VALID', checkedAt: NOW.toISOString(), reason: null });
    expect(vatNumberCheckLine(ok)).toBe('VAT number check: DE136695976 valid (format only, not checked with VIES, 2026-11-28T10:00:00.000Z)');
    const bad = await checker.check({ vatNumber: 'DE136695977', country: 'DE', now: NOW });
    expect(bad).toMatchObject({ status: 'INVALID', reason: 'not a VAT number of valid form for DE' });
  });

  it('reverse-charges only a number that passed; a failed or unavailable check taxes a consumer of that country', () => {
    expect(taxTreatment({ ...parties, buyerVatNumberCheck: check('VALID', { reference: 'WAPI1' }) })).toMatchObject({ reverseCharge: true, buyerVatNumber: 'DE136695976' });
    for (const status of ['INVALID', 'UNAVAILABLE'] as const) {
      expect(taxTreatment({ ...parties, buyerVatNumberCheck: check(status) })).toEqual({ country: 'DE', reverseCharge: false, buyerVatNumber: null, note: null });
    }
    expect(vatNumberCheckLine(check('INVALID', { reason: 'VIES does not know the number as a valid registration' }))).toBe(
      'VAT number check: DE136695976 not valid (VIES, 2026-11-28T10:00:00.000Z); taxed as a consumer in DE (VIES does not know the number as a valid registration)',
    );
    expect(vatNumberCheckLine(check('VALID', { reference: 'WAPI1' }))).toBe('VAT number check: DE136695976 valid (VIES, 2026-11-28T10:00:00.000Z, ref WAPI1)');
  });

  it('without a check (a quote before the buyer commits) the form alone decides, as before', () => {
    expect(taxTreatment(parties)).toMatchObject({ reverseCharge: true });
  });
});
