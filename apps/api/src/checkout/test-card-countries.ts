import { luhnValid } from '@kiosk/domain/billing';

/**
 * The issuing country of the embedded processor's test cards, as Stripe's
 * test cards by country are made: `400000` + the ISO 3166-1 numeric code of
 * the country + seven digits (4000007520000008 is a Swedish card,
 * 4000002760000016 a German one); every other test card (4242 4242 4242 4242
 * and the decline, confirmation and renewal cards, matched before this) is a US card.
 */
const NUMERIC_TO_ALPHA2: Readonly<Record<string, string>> = {
  '040': 'AT', '056': 'BE', '100': 'BG', '191': 'HR', '196': 'CY', '203': 'CZ', '208': 'DK', '233': 'EE',
  '246': 'FI', '250': 'FR', '276': 'DE', '300': 'GR', '348': 'HU', '372': 'IE', '380': 'IT', '428': 'LV',
  '438': 'LI', '440': 'LT', '442': 'LU', '470': 'MT', '528': 'NL', '578': 'NO', '616': 'PL', '620': 'PT',
  '642': 'RO', '703': 'SK', '705': 'SI', '724': 'ES', '752': 'SE', '756': 'CH', '826': 'GB', '840': 'US',
  '124': 'CA', '036': 'AU', '392': 'JP', '076': 'BR', '484': 'MX', '554': 'NZ', '702': 'SG', '344': 'HK',
};

/** The test card of a country: `400000` + numeric code + `000000` + the Luhn check digit. */
export function testCardOf(country: string): string | null {
  const numeric = Object.entries(NUMERIC_TO_ALPHA2).find(([, a]) => a === country.toUpperCase())?.[0];
  if (!numeric) return null;
  const body = `400000${numeric}000000`;
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  return null;
}

/** The issuing country of a test card number (digits only): the country test cards name theirs, every other is US. */
export function issuingCountryOfTestCard(number: string): string {
  const m = /^400000(\d{3})\d{7}$/.exec(number);
  return (m && NUMERIC_TO_ALPHA2[m[1]]) ?? 'US';
}

/** Whether the number is one of the country test cards (they succeed like 4242 4242 4242 4242). */
export function isCountryTestCard(number: string): boolean {
  const m = /^400000(\d{3})\d{7}$/.exec(number);
  return !!m && !!NUMERIC_TO_ALPHA2[m[1]] && luhnValid(number);
}
