import { placeOfSupply, placeOfSupplyLine } from '../../src/billing';

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

  it("counts the card's issuing country: two agreeing pieces are conclusive, a different card contradicts but loses the tie", () => {
    expect(placeOfSupply({ paymentCountry: 'DE', paymentCountrySource: 'CHECKOUT', billingAddressCountry: null, cardCountry: 'de' })).toEqual({
      country: 'DE',
      evidence: [{ source: 'CHECKOUT_COUNTRY', country: 'DE' }, { source: 'CARD_COUNTRY', country: 'DE' }],
      conclusive: true,
      contradicted: false,
    });
    expect(placeOfSupply({ paymentCountry: 'DE', paymentCountrySource: 'CHECKOUT', billingAddressCountry: null, cardCountry: 'US' })).toMatchObject({
      country: 'DE',
      contradicted: true,
    });
  });

  it('never moves a sale on the card alone: the default market stays, with the card beside it', () => {
    const p = placeOfSupply({ paymentCountry: 'SE', paymentCountrySource: 'DEFAULT', billingAddressCountry: null, cardCountry: 'US' });
    expect(p).toEqual({
      country: 'SE',
      evidence: [{ source: 'DEFAULT', country: 'SE' }, { source: 'CARD_COUNTRY', country: 'US' }],
      conclusive: false,
      contradicted: true,
    });
    expect(placeOfSupplyLine(p)).toBe("Place of supply: SE (the seller's default market, card issuing country US)");
  });

  it("lets the buyer's confirmed residence decide over a disagreeing address", () => {
    const p = placeOfSupply({ paymentCountry: 'SE', paymentCountrySource: 'CONFIRMED', billingAddressCountry: 'DE', cardCountry: 'DE' });
    expect(p).toMatchObject({ country: 'SE', contradicted: true });
    expect(placeOfSupplyLine(p)).toBe('Place of supply: SE (residence confirmed by the buyer SE, billing address DE, card issuing country DE)');
  });
});
