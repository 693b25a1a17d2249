import { EmbeddedMailer } from '../../src/mail/mail.module';
import { linkify, withoutRemoteLoads } from '../../src/mail/dev-mailbox.page';
import { givenVendor, startTestApp, TestApp } from '../support/harness';

/*
 * `/dev/mail`: the stored mailbox in a browser, outside production only,
 * newest first across vendors, filtered by vendor and recipient (any case),
 * every value escaped, the HTML part in a sandboxed frame.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const mailer = () => app.runtime.container.get(EmbeddedMailer);
const ids = async (vendorId: string) => (await mailer().list(vendorId)).map((m) => m.id);
/** The mail links of the listing, in page order: `/dev/mail/{vendor}/{id}`. */
const listed = (html: string) => [...html.matchAll(/href="\/dev\/mail\/([^/"]+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`);

describe('GET /dev/mail (NODE_ENV test)', () => {
  it('lists the stored mails newest first across vendors, filtered by vendor and by recipient in any case', async () => {
    const a = await givenVendor(app);
    const b = await givenVendor(app);
    // The suite's other files share the database and store mails too: these are made the newest of all, so the
    // unfiltered page (the newest 200) shows them.
    app.clock.advance(200 * 365 * 24 * 3_600_000);
    await mailer().queue({ vendorId: a.vendorId, to: `Reader@${a.vendorId}.example.com`, subject: 'First <of A>', body: 'one' });
    app.clock.advance(1_000);
    await mailer().queue({ vendorId: b.vendorId, to: `other@${b.vendorId}.example.com`, subject: 'Of B', body: 'two' });
    app.clock.advance(1_000);
    await mailer().queue({ vendorId: a.vendorId, to: `someone@${a.vendorId}.example.com`, subject: 'Second of A', body: 'three' });
    const [a1, a2] = await ids(a.vendorId);
    const [b1] = await ids(b.vendorId);

    const all = await app.http.get('/dev/mail');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(all.headers['content-security-policy']).toContain("default-src 'none'");
    const ours = listed(all.text).filter((k) => [a.vendorId, b.vendorId].includes(k.split('/')[0]));
    expect(ours).toEqual([`${a.vendorId}/${a2}`, `${b.vendorId}/${b1}`, `${a.vendorId}/${a1}`]);
    // Escaped: the subject's markup is text.
    expect(all.text).toContain('First &lt;of A&gt;');
    expect(all.text).not.toContain('<of A>');

    const ofA = await app.http.get('/dev/mail').query({ vendor: a.vendorId });
    expect(listed(ofA.text)).toEqual([`${a.vendorId}/${a2}`, `${a.vendorId}/${a1}`]);
    const toReader = await app.http.get('/dev/mail').query({ to: `READER@${a.vendorId.toUpperCase()}.EXAMPLE.COM` });
    expect(listed(toReader.text)).toEqual([`${a.vendorId}/${a1}`]);
    expect(toReader.text).toContain(`value="READER@${a.vendorId.toUpperCase()}.EXAMPLE.COM"`);

    const none = await app.http.get('/dev/mail').query({ vendor: a.vendorId, to: 'nobody@example.com' });
    expect(none.status).toBe(200);
    expect(none.text).toContain('No mail yet.');
  });

  it('shows one mail: the text part with clickable links, the HTML part in a sandboxed frame, everything escaped', async () => {
    const v = await givenVendor(app);
    const to = `reader@${v.vendorId}.example.com`;
    await mailer().queue({
      vendorId: v.vendorId,
      to,
      subject: 'Confirm "your" <account>',
      body: 'Hello <b>reader</b>.\n\nConfirm: https://kiosk.test/auth/confirm?token=a&b=1.\n',
      html: '<p onclick="x()">Hi</p><script>alert(1)</script><a href="https://kiosk.test/auth/confirm?token=a&amp;b=1">Confirm</a>',
    });
    const [id] = await ids(v.vendorId);
    const res = await app.http.get(`/dev/mail/${v.vendorId}/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1 id="subject">Confirm &quot;your&quot; &lt;account&gt;</h1>');
    expect(res.text).toContain(`<dd id="to">${to}</dd>`);
    expect(res.text).toContain(
      '<pre id="text-part">Hello &lt;b&gt;reader&lt;/b&gt;.\n\nConfirm: <a href="https://kiosk.test/auth/confirm?token=a&amp;b=1">https://kiosk.test/auth/confirm?token=a&amp;b=1</a>.\n</pre>',
    );
    const frame = /<iframe id="html-part"[^>]*>/.exec(res.text)![0];
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).not.toContain('allow-scripts');
    // The HTML part is one escaped attribute value: no tag of it reaches the page.
    expect(frame).toContain('srcdoc="&lt;meta http-equiv=&quot;Content-Security-Policy&quot; content=&quot;default-src &#39;none&#39;;');
    expect(frame).toContain('&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=&quot;x()&quot;&gt;Hi&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.text).not.toContain('<script');
    // Nothing from outside: no stylesheet, script or image address.
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\/(?!kiosk\.test\/auth)/);
    expect(res.text).toContain('stored only');
  });

  it('answers 404 problem+json for a mail it does not have, and a hostile id', async () => {
    const v = await givenVendor(app);
    for (const path of [`/dev/mail/${v.vendorId}/nope`, `/dev/mail/${v.vendorId}/${'x'.repeat(500)}`, `/dev/mail/${'y'.repeat(100)}/1`]) {
      const res = await app.http.get(path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'MAIL.NOT_FOUND' });
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    const long = await app.http.get('/dev/mail').query({ to: 'x'.repeat(400) });
    expect(long.status).toBe(400);
  });

  it('makes links clickable and escapes the rest', () => {
    expect(linkify('See https://a.example/x?y=1&z=<2>, then "http://b.example".')).toBe(
      'See <a href="https://a.example/x?y=1&amp;z=">https://a.example/x?y=1&amp;z=</a>&lt;2&gt;, then &quot;<a href="http://b.example">http://b.example</a>&quot;.',
    );
    expect(linkify('javascript:alert(1) <img src=x>')).toBe('javascript:alert(1) &lt;img src=x&gt;');
  });
});

describe('GET /dev/mail in production', () => {
  it('answers 404: production never serves the mailbox', async () => {
    const production = await startTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SUPPORT_SESSION_SECRET: 'p'.repeat(40), BASE_URL: 'https://kiosk.example.com' });
    try {
      const v = await givenVendor(production);
      await production.runtime.container.get(EmbeddedMailer).queue({ vendorId: v.vendorId, to: 'r@example.com', subject: 'Secret', body: 'x' });
      const [id] = (await production.runtime.container.get(EmbeddedMailer).list(v.vendorId)).map((m) => m.id);
      for (const path of ['/dev/mail', `/dev/mail/${v.vendorId}/${id}`]) {
        const res = await production.http.get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.text).not.toContain('Secret');
      }
    } finally {
      await production.close();
    }
  });
});

describe("the mailbox's view of a mail's HTML", () => {
  it('fetches nothing remote: images, sources, backgrounds and CSS urls keep their address under a blocked name', () => {
    const html =
      '<img src="https://t.example/p.gif" alt=""><img SRC = //cdn.example/x.png><img src="data:image/png;base64,AA">' +
      '<video poster="http://v.example/p.jpg"></video><table background="https://b.example/bg.png"></table>' +
      '<div style="background:url( \'https://x.example/a.png\')"></div><a href="https://news.example/a">read</a>';
    const shown = withoutRemoteLoads(html);
    expect(shown).not.toMatch(/(?<![\w-])(src|poster|background)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(shown).not.toMatch(/url\(\s*["']?\s*https?:/i);
    expect(shown).toContain('data-blocked-src="https://t.example/p.gif"');
    expect(shown).toContain('<img src="data:image/png;base64,AA">');
    expect(shown).toContain('<a href="https://news.example/a">read</a>');
  });
});
