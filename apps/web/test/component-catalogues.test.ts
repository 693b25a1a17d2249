import { SERVICE_LANGUAGES } from '@kiosk/domain/shared/language';
import { ACCOUNT_STRINGS } from '../src/components/account-text';
import { accountView, billRow, contractRow } from '../src/components/account-view';
import { CONTENT_STRINGS, LOGIN_STRINGS } from '../src/components/login-content-text';
import { displayName } from '../src/components/login-view';
import { PAYWALL_STRINGS } from '../src/components/paywall-text';
import { readerLanguage } from '../src/components/reader-language';

/*
 * The components' catalogues are complete in every language the service
 * speaks (issue 25), as the server's are (apps/api/test/platform/
 * catalogues.test.ts): the same keys, nothing more, none empty; sentences
 * made by functions answer text for sample values.
 */

/** Every leaf by its dotted path: strings as they are, functions as what they answer for sample values. */
function leaves(value: unknown, path = ''): Record<string, string> {
  if (typeof value === 'string') return { [path]: value };
  if (typeof value === 'function') return { [path]: String((value as (...a: string[]) => unknown)('A', 'B', 'C')) };
  if (typeof value === 'object' && value !== null) {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => leaves(v, path ? `${path}.${k}` : k)));
  }
  return { [path]: `<${typeof value}>` };
}

describe('the component catalogues', () => {
  for (const [name, languages] of Object.entries({ paywall: PAYWALL_STRINGS, account: ACCOUNT_STRINGS, login: LOGIN_STRINGS, content: CONTENT_STRINGS } as Record<string, Record<string, unknown>>)) {
    it(`${name}: every language has every English key, none empty`, () => {
      const english = leaves(languages.en);
      for (const lang of SERVICE_LANGUAGES) {
        const other = leaves(languages[lang]);
        expect({ lang, missing: Object.keys(english).filter((k) => !(k in other)), extra: Object.keys(other).filter((k) => !(k in english)) }).toEqual({ lang, missing: [], extra: [] });
        for (const [key, text] of Object.entries(other)) expect({ key, lang, empty: text.trim() === '' }).toEqual({ key, lang, empty: false });
      }
    });
  }

  it("chooses the page's lang, the configuration's locale, the browser's languages, the vendor's default, else English", () => {
    expect(readerLanguage('en', 'sv', ['sv-SE'], 'sv')).toBe('en');
    expect(readerLanguage(null, 'sv', ['en'], 'en')).toBe('sv');
    expect(readerLanguage(undefined, undefined, ['sv-SE', 'en'], 'en')).toBe('sv');
    expect(readerLanguage('de', 42, ['fr'], 'sv')).toBe('sv');
    expect(readerLanguage(undefined, undefined, null, undefined)).toBe('en');
  });

  it('writes the account in Swedish: titles, statuses, dates and money', () => {
    const contract = { id: 'c1', status: 'ACTIVE', price: 1188, currency: 'SEK', nextBillAt: '2027-11-25T10:00:00Z', items: [] };
    expect(contractRow(contract, 'sv')).toMatchObject({ title: 'Prenumeration', status: 'active', statusText: 'aktiv', price: '1 188,00 kr', when: 'Förnyas 25 nov. 2027' });
    expect(contractRow({ ...contract, willCancelAt: '2027-11-25T10:00:00Z' }, 'sv').when).toBe('Upphör 25 nov. 2027');
    const bill = { id: 'b1', price: 99, currency: 'SEK', status: 'PAID', createdAt: '2026-11-25T10:00:00Z', items: [] };
    expect(billRow(bill, 'sv')).toMatchObject({ title: 'Faktura', status: 'paid', statusText: 'betald', amount: '99,00 kr', date: '25 nov. 2026' });
    expect(billRow({ ...bill, status: 'SOMETHING' }, 'sv').statusText).toBe('something');
    expect(accountView(null, [contract], [bill], 'sv').bills[0].statusText).toBe('betald');
    expect(billRow(bill, 'en')).toMatchObject({ title: 'Bill', statusText: 'paid', amount: 'SEK 99.00' });
    expect(displayName({}, LOGIN_STRINGS.sv.yourAccount)).toBe('ditt konto');
    expect(LOGIN_STRINGS.sv.signedInAs('Ada')).toBe('Inloggad som Ada');
  });
});
