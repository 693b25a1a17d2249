import { brandedMail, mailLanguage, READER_MAIL_MESSAGES, textColorOn } from '@kiosk/domain/mail';

describe('the reader mails’ catalogue', () => {
  it('has every key in every language, and each value names the same values', () => {
    const keys = (lang: keyof typeof READER_MAIL_MESSAGES) => Object.keys(READER_MAIL_MESSAGES[lang]).sort();
    expect(keys('sv')).toEqual(keys('en'));
    const values = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of keys('en') as (keyof (typeof READER_MAIL_MESSAGES)['en'])[]) {
      expect([key, values(READER_MAIL_MESSAGES.sv[key])]).toEqual([key, values(READER_MAIL_MESSAGES.en[key])]);
    }
  });
});

describe('mailLanguage', () => {
  it("takes the reader's language, else the vendor's default, else English", () => {
    expect(mailLanguage('sv-SE', 'en')).toBe('sv');
    expect(mailLanguage('de', 'sv')).toBe('sv');
    expect(mailLanguage(null, null)).toBe('en');
    expect(mailLanguage('fr', 'de')).toBe('en');
  });
});

describe('brandedMail', () => {
  const brand = { vendorName: 'The <Daily> & "Co"', color: '#9f1239', siteUrl: 'https://daily.example.com' };

  it('escapes every value, shows the brand colour with readable text, and writes the button link out in the text part', () => {
    const mail = brandedMail(brand, {
      lang: 'en',
      subject: 'Hi <there>',
      heading: 'A <b>heading</b>',
      paragraphs: ['One & two', '<script>alert(1)</script>'],
      button: { label: 'Open "it"', url: 'https://daily.example.com/a?b=1&c=2' },
      footer: 'Because.',
    });
    expect(mail.subject).toBe('Hi <there>');
    expect(mail.text).toBe(
      'A <b>heading</b>\n\nOne & two\n\n<script>alert(1)</script>\n\nOpen "it": https://daily.example.com/a?b=1&c=2\n\n--\nThe <Daily> & "Co" - https://daily.example.com\nBecause.\n',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('The &lt;Daily&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('href="https://daily.example.com/a?b=1&amp;c=2"');
    expect(mail.html).toContain('background:#9f1239;color:#ffffff');
  });

  it('leaves out a link that is not http(s), and falls back from a colour that is not #rrggbb', () => {
    const mail = brandedMail(
      { ...brand, color: 'red;background:url(x)', siteUrl: 'javascript:alert(1)' },
      { lang: 'en', subject: 's', heading: 'h', paragraphs: [], button: { label: 'Go', url: 'javascript:alert(1)' }, footer: 'f' },
    );
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
    expect(mail.html).not.toContain('url(x)');
    expect(mail.html).toContain('background:#1d4ed8');
  });

  it('puts dark text on a light brand colour', () => {
    expect(textColorOn('#fde047')).toBe('#111111');
    expect(textColorOn('#1d4ed8')).toBe('#ffffff');
  });
});
