import { startTestApp, TestApp, uniqueId } from '../support/harness';
import { codeOf, givenJourney, sessionCookie } from './journey-support';
import { pagePath } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const lastMail = async (to: string) => {
  const [mail] = await app.runtime.database.db.query(
    `SELECT subject, body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [to],
  );
  return mail as { subject: string; body: string } | undefined;
};
const challengeOf = (html: string) => /name="challenge" value="([^"]+)"/.exec(html)![1];
const codeIn = (mail: { body: string }) => /^\s+(\d{6})$/m.exec(mail.body)![1];

/** A visitor pays with the e-mail of an existing account; answers the checkout and the account. */
async function paidWithExistingAccount() {
  const j = await givenJourney(app);
  const email = `${uniqueId('known')}@example.com`;
  const user = await j.existingUser(email);
  const paid = await j.visitorBuys(email);
  const post = (page: string, form: Record<string, string> = {}) => app.http.post(pagePath(paid.checkoutUrl, page)).type('form').send(form);
  return { j, email, user, ...paid, post };
}

describe('an existing account proves control of its address before the browser is signed in', () => {
  it('the receipt offers a code; the mailed code (stored hashed) continues with a handoff code that signs in the account, once', async () => {
    const { j, email, user, checkoutUrl, post } = await paidWithExistingAccount();
    const receipt = await app.http.get(pagePath(checkoutUrl, '/receipt'));
    expect(receipt.text).toContain('id="sign-in-offer"');
    expect(receipt.text).toContain(email);
    expect(receipt.text).toContain('E-mail me a sign-in code');

    const sent = await post('/sign-in-code');
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Enter your sign-in code');
    const challenge = challengeOf(sent.text);
    const mail = (await lastMail(email))!;
    const code = codeIn(mail);
    expect(mail.subject).toContain(code);
    expect(mail.body).toMatch(/\/sign-in-link\?t=[^&\s]+&s=/);
    const [stored] = await app.runtime.database.db.query(`SELECT code_hash, link_hash FROM sign_in_codes WHERE id = $1`, [challenge]);
    expect(stored.code_hash).not.toContain(code);

    const wrong = await post('/sign-in', { challenge, code: code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('id="error"');

    const right = await post('/sign-in', { challenge, code });
    expect(right.status).toBe(303);
    const handoff = codeOf(right.headers.location)!;
    expect(handoff).toBeTruthy();
    const redeemed = await j.handoff(handoff);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ authenticated: true, sub: user.id });
    expect(sessionCookie(redeemed)).toBeTruthy();

    // The code was single use.
    const again = await post('/sign-in', { challenge, code });
    expect(again.status).toBe(400);
  });

  it('five wrong tries spend a code; a code expires after 15 minutes; a sixth code in 15 minutes is a 429', async () => {
    const { email, post } = await paidWithExistingAccount();
    const first = await post('/sign-in-code');
    const challenge = challengeOf(first.text);
    const code = codeIn((await lastMail(email))!);
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) expect((await post('/sign-in', { challenge, code: wrongCode })).status).toBe(400);
    expect((await post('/sign-in', { challenge, code })).status).toBe(400);

    const second = await post('/sign-in-code');
    const late = codeIn((await lastMail(email))!);
    app.clock.advance(15 * 60_000 + 1_000);
    expect((await post('/sign-in', { challenge: challengeOf(second.text), code: late })).status).toBe(400);

    for (let i = 0; i < 5; i += 1) expect((await post('/sign-in-code')).status).toBe(200);
    const limited = await post('/sign-in-code');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
  });

  it("the mail's link: opening it spends nothing, its button continues signed in, and it works once", async () => {
    const { j, email, user, post } = await paidWithExistingAccount();
    await post('/sign-in-code');
    const link = new URL(/(http\S+\/sign-in-link\?\S+)/.exec((await lastMail(email))!.body)![1]);
    const opened = await app.http.get(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('id="confirm-link"');
    const secret = link.searchParams.get('s')!;
    const used = await post('/sign-in-link', { s: secret });
    expect(used.status).toBe(303);
    expect((await j.handoff(codeOf(used.headers.location)!)).body).toMatchObject({ sub: user.id });
    expect((await post('/sign-in-link', { s: secret })).status).toBe(400);
    expect((await post('/sign-in-link', { s: 'made-up' })).status).toBe(400);
  });

  it('a checkout that made a new account has nothing to prove: no offer, and the code routes are 404', async () => {
    const j = await givenJourney(app);
    const { checkoutUrl } = await j.visitorBuys(`${uniqueId('new')}@example.com`);
    expect((await app.http.get(pagePath(checkoutUrl, '/receipt'))).text).not.toContain('sign-in-offer');
    expect((await app.http.post(pagePath(checkoutUrl, '/sign-in-code')).type('form').send({})).status).toBe(404);
    expect((await app.http.post(pagePath(checkoutUrl, '/sign-in')).type('form').send({ challenge: 'x', code: '123456' })).status).toBe(404);
  });
});
