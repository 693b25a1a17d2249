import {
  ACCOUNT_MAIL_MESSAGES,
  accountExistsMail,
  cancellationMail,
  failedSignInsMail,
  giftReceivedMail,
  MAIL_LANGUAGES,
  MailLanguage,
  passwordResetMail,
  paymentFailedMail,
  READER_MAIL_MESSAGES,
  RenderedMail,
  renewalReminderMail,
  signInCodeMail,
  signUpConfirmationMail,
} from '@kiosk/domain/mail';

/*
 * Every mail a reader gets, rendered through the one branded template:
 * English and Swedish, text and HTML, the vendor's name and colour, the
 * link in both parts; the Swedish variant has none of the English words.
 */

const brand = { vendorName: 'Nordposten', color: '#b91c1c', siteUrl: 'https://nordposten.example' };
const url = 'https://kiosk.example/link?token=abc';
/** Words of the English mails that a Swedish mail must not contain. */
const ENGLISH_WORDS = /\b(the|your|you|and|with|this|sign|link|account|password|payment|subscription|gift|code|receipt|cancel\w*|renews?|ignore|open|within|nothing)\b/i;

const mails: Record<string, (lang: MailLanguage) => RenderedMail> = {
  'confirm sign-up': (lang) => signUpConfirmationMail({ lang, brand }, url),
  'account exists': (lang) => accountExistsMail({ lang, brand }, url),
  'password reset': (lang) => passwordResetMail({ lang, brand }, url),
  'sign-in code': (lang) => signInCodeMail({ lang, brand }, '123456', url, 'sign-in'),
  'checkout code': (lang) => signInCodeMail({ lang, brand }, '123456', url, 'checkout'),
  'gift received': (lang) => giftReceivedMail({ lang, brand }, { from: 'ann@example.com', titles: 'Nordposten Plus', email: 'bo@example.com', redeemUrl: url }),
  'renewal reminder': (lang) =>
    renewalReminderMail({ lang, brand, product: 'Nordposten Plus', accountUrl: url }, new Date('2030-01-08T00:00:00Z'), { minor: 118800, currency: 'SEK' }),
  'payment failed': (lang) => paymentFailedMail({ lang, brand, product: 'Nordposten Plus', accountUrl: url }, new Date('2030-01-08T00:00:00Z')),
  'cancellation confirmed': (lang) =>
    cancellationMail({ lang, brand, product: 'Nordposten Plus', accountUrl: url }, new Date('2030-02-01T00:00:00Z'), new Date('2030-01-08T00:00:00Z')),
};

describe.each(Object.keys(mails))('the %s mail', (name) => {
  it.each(MAIL_LANGUAGES)('in %s: both parts, the vendor name and colour, the link', (lang) => {
    const mail = mails[name](lang);
    // The cancellation leads back to the vendor's site; every other mail to its own link.
    const link = name === 'cancellation confirmed' ? brand.siteUrl : url;
    expect(mail.html).toContain(`<html lang="${lang}">`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Nordposten');
      expect(part).toContain(link);
    }
    expect(mail.html).toContain('background:#b91c1c;color:#ffffff');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).not.toMatch(/<(img|script|link)\b/);
    if (lang === 'sv') {
      const words = (text: string) => text.replace(/https?:\/\/\S+/g, '').replace(/<[^>]*>/g, ' ').replace(/Nordposten( Plus)?/g, '');
      expect(words(mail.subject + '\n' + mail.text)).not.toMatch(ENGLISH_WORDS);
      expect(words(mail.html)).not.toMatch(ENGLISH_WORDS);
    } else {
      expect(mail.text).toMatch(ENGLISH_WORDS);
    }
  });
});

describe('the sign-in code mail', () => {
  it('shows the code in the subject, the text and the HTML', () => {
    const mail = signInCodeMail({ lang: 'sv', brand }, '654321', url, 'checkout');
    expect(mail.subject).toBe('Din inloggningskod: 654321');
    expect(mail.text).toContain('    654321\n');
    expect(mail.html).toContain('>654321</p>');
    expect(mail.text).toContain('För att läsa det du köpte hos Nordposten på den här enheten, ange den här koden:');
  });
});

describe('the failed sign-ins mail', () => {
  it('tells the owner in their language, with the vendor\'s name, and no link to follow', () => {
    const en = failedSignInsMail({ lang: 'en', brand });
    expect(en.subject).toBe('Failed sign-ins to your Nordposten account');
    expect(en.text).toContain('There were many failed sign-ins to your account at Nordposten with a wrong password.');
    const sv = failedSignInsMail({ lang: 'sv', brand });
    expect(sv.subject).toBe('Misslyckade inloggningar till ditt konto hos Nordposten');
    expect(sv.html).toContain('<html lang="sv">');
    const words = (text: string) => text.replace(/<[^>]*>/g, ' ').replace(/Nordposten/g, '');
    expect(words(sv.subject + '\n' + sv.text)).not.toMatch(ENGLISH_WORDS);
    expect(words(sv.html)).not.toMatch(ENGLISH_WORDS);
    for (const mail of [en, sv]) expect(mail.text).not.toContain('token');
  });
});

describe('the gift mail', () => {
  it('says who gave it, or "someone" in the language when the giver is unknown', () => {
    expect(giftReceivedMail({ lang: 'en', brand }, { from: 'ann@example.com', titles: 'Plus', email: 'bo@example.com', redeemUrl: url }).text).toContain(
      'ann@example.com gave you Plus.',
    );
    expect(giftReceivedMail({ lang: 'sv', brand }, { from: null, titles: 'Plus', email: 'bo@example.com', redeemUrl: url }).text).toContain('Någon gav dig Plus.');
  });
});

/** Fails when a catalogue misses a key that another language has, or a sentence names other values than its English one. */
describe.each([
  ['reader mails', READER_MAIL_MESSAGES as Record<MailLanguage, Record<string, string>>],
  ['account mails', ACCOUNT_MAIL_MESSAGES as Record<MailLanguage, Record<string, string>>],
])('the %s catalogue', (_name, catalogue) => {
  const values = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it.each(MAIL_LANGUAGES)('in %s has every key of every other language, each naming the same values', (lang) => {
    const own = catalogue[lang];
    expect(own).toBeDefined();
    for (const other of MAIL_LANGUAGES) {
      const missing = Object.keys(catalogue[other]).filter((key) => !(key in own));
      expect({ lang, missing }).toEqual({ lang, missing: [] });
      for (const key of Object.keys(catalogue[other])) expect([key, values(own[key] ?? '')]).toEqual([key, values(catalogue[other][key])]);
    }
  });
});
