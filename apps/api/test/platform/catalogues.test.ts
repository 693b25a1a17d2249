import { chooseLanguage, SERVICE_LANGUAGES } from '@kiosk/domain';
import { INVOICE_WORDS, RECEIPT_WORDS } from '@kiosk/domain/billing';
import { ACCOUNT_MAIL_MESSAGES, READER_MAIL_MESSAGES } from '@kiosk/domain/mail';
import { CHECKOUT_CATALOGUE } from '../../src/checkout/checkout-messages';
import { CATALOGUE as SIGN_IN_CATALOGUE } from '../../src/identity/pages/page-language';

/*
 * Every catalogue of what a reader reads (issue 25: "English and Swedish
 * complete, with a test that fails on any key missing in a catalogue"):
 * the hosted checkout, the sign-in pages, the account and reader mails, the
 * receipt, invoices (the paywall and account components: apps/web/test/
 * component-catalogues.test.ts, the same way). Each language the service
 * speaks has every key of English, nothing more, non-empty, with the same
 * placeholders; sentences made by functions answer text for sample values.
 */

type Catalogue = Readonly<Record<string, unknown>>;
const CATALOGUES: Record<string, Readonly<Record<string, Catalogue>>> = {
  'hosted checkout': CHECKOUT_CATALOGUE,
  'sign-in pages': SIGN_IN_CATALOGUE,
  'account mails': ACCOUNT_MAIL_MESSAGES,
  'reader mails': READER_MAIL_MESSAGES,
  receipt: RECEIPT_WORDS,
  'invoices and credit notes': INVOICE_WORDS,
};

/** `{name}` and `{{name}}` placeholders, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{?(\w+)\}?\}/g)].map((m) => m[1]).sort();

/** Every leaf of a catalogue (the same in apps/web/test/component-catalogues.test.ts) by its dotted path: strings as they are, functions as what they answer for sample values. */
function leaves(value: unknown, path = ''): Record<string, string> {
  if (typeof value === 'string') return { [path]: value };
  if (typeof value === 'function') return { [path]: String((value as (...a: string[]) => unknown)('A', 'B', 'C')) };
  if (typeof value === 'object' && value !== null) {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => leaves(v, path ? `${path}.${k}` : k)));
  }
  return { [path]: `<${typeof value}>` };
}

describe('every catalogue is complete in every language the service speaks', () => {
  for (const [name, languages] of Object.entries(CATALOGUES)) {
    it(`${name}: ${SERVICE_LANGUAGES.join(', ')} have the same keys and placeholders, none empty`, () => {
      expect(Object.keys(languages).sort()).toEqual(expect.arrayContaining([...SERVICE_LANGUAGES]));
      const english = leaves(languages.en);
      expect(Object.keys(english).length).toBeGreaterThan(3);
      for (const lang of SERVICE_LANGUAGES) {
        const other = leaves(languages[lang]);
        const missing = Object.keys(english).filter((k) => !(k in other));
        const extra = Object.keys(other).filter((k) => !(k in english));
        expect({ name, lang, missing, extra }).toEqual({ name, lang, missing: [], extra: [] });
        for (const [key, text] of Object.entries(other)) {
          expect({ key, lang, empty: text.trim() === '' }).toEqual({ key, lang, empty: false });
          expect({ key, lang, values: placeholders(text) }).toEqual({ key, lang, values: placeholders(english[key]) });
        }
      }
    });
  }

  it('the leaf comparison does notice a missing key (the test can fail)', () => {
    const broken = { en: { a: 'x', b: { c: 'y' } }, sv: { a: 'x' } };
    const missing = Object.keys(leaves(broken.en)).filter((k) => !(k in leaves(broken.sv)));
    expect(missing).toEqual(['b.c']);
  });
});

describe('one language choice for pages, mails and components', () => {
  it('ui_locales, then the page language, then Accept-Language, then the vendor default, then English', () => {
    expect(chooseLanguage({ uiLocales: 'sv', pageLanguage: 'en', acceptLanguage: 'en', vendorDefault: 'en' })).toBe('sv');
    expect(chooseLanguage({ uiLocales: 'de', pageLanguage: 'sv-SE', acceptLanguage: 'en' })).toBe('sv');
    expect(chooseLanguage({ pageLanguage: 'fr', acceptLanguage: 'de, sv-FI;q=0.4, en;q=0.3' })).toBe('sv');
    expect(chooseLanguage({ acceptLanguage: 'de, fr', vendorDefault: 'sv' })).toBe('sv');
    expect(chooseLanguage({ acceptLanguage: 'sv;q=0, de', vendorDefault: 'xx' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
    expect(chooseLanguage({ acceptLanguage: ['sv-SE', 'en'] })).toBe('sv');
    // Hostile values choose nothing rather than fail.
    expect(chooseLanguage({ uiLocales: 'sv'.repeat(10_000), acceptLanguage: ',;q=;,*,'.repeat(1000), vendorDefault: 'en' })).toBe('en');
  });

});
