import { placeOfSupply } from '../../src/billing';

describe('place of supply by evidence (Implementing Regulation 282/2011 Art. 24b, 24f)', () => {
  it('takes the billing address when the payment country is only the default', () => {
    expect(placeOfSupply({ paymentCountry: 'SE', paymentCountrySource: 'DEFAULT', billingAddressCountry: 'DE' })).toEqual({
      country: 'DE',
      evidence: [{ source: 'BILLING_ADDRESS', country: 'DE' }],
      conclusive: false,
      contradicted: false,
    });
  });

  it('is conclusive when two pieces agree (a stated payment country and the address)', () => {
    expect(placeOfSupply({ paymentCountry: 'FR', billingAddressCountry: 'fr' })).toMatchObject({ country: 'FR', conclusive: true, contradicted: false });
    expect(placeOfSupply({ paymentCountry: 'FR', paymentCountrySource: 'CHECKOUT', billingAddressCountry: 'FR' }).evidence).toEqual([
      { source: 'BILLING_ADDRESS', country: 'FR' },
      { source: 'CHECKOUT_COUNTRY', country: 'FR' },
    ]);
  });

  it('on a contradiction keeps the stated payment country and says it is contradicted; the address wins over a checkout country', () => {
    expect(placeOfSupply({ paymentCountry: 'SE', billingAddressCountry: 'DE' })).toMatchObject({ country: 'SE', conclusive: false, contradicted: true });
    expect(placeOfSupply({ paymentCountry: 'SE', paymentCountrySource: 'CHECKOUT', billingAddressCountry: 'DE' })).toMatchObject({ country: 'DE', contradicted: true });
  });

  it('falls back to the default market with no evidence, and says so', () => {
    expect(placeOfSupply({ paymentCountry: 'SE', paymentCountrySource: 'DEFAULT', billingAddressCountry: null })).toEqual({
      country: 'SE',
      evidence: [{ source: 'DEFAULT', country: 'SE' }],
      conclusive: false,
      contradicted: false,
    });
  });
});
