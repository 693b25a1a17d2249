import { formatMoney } from '@kiosk/domain';
import { CheckoutSnapshot, CheckoutSettings } from '@kiosk/domain/checkout';
import { escapeAttr } from '../platform/http/page-shell';

/** The hosted checkout's pages: plain HTML and CSS, nothing loaded from outside the service; every value escaped. */
/** Escapes text and attribute values alike (the platform's page escaper). */
export const escapeHtml = escapeAttr;

/** Sent with every hosted page: no framing, no outside sources, forms only to this service. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = (color: string) => `
:root{--brand:${color}}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2328;background:#f6f7f9;line-height:1.45}
header{background:var(--brand);color:#fff;padding:.9rem 1rem}
.test-mode{margin:0;padding:.5rem 1rem;background:#fff4ce;color:#4d3300;border-bottom:1px solid #d9b95c;text-align:center;font-size:.9rem}
header p{margin:0;font-weight:600;font-size:1.05rem}
main{max-width:32rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.4rem 0 1rem}
h2{font-size:1.05rem;margin:0 0 .6rem}
section,fieldset{background:#fff;border:1px solid #d8dce1;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
fieldset legend{font-weight:600;padding:0 .3rem}
table{width:100%;border-collapse:collapse}
td,th{padding:.35rem 0;text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}
tfoot th,tfoot td{border-top:1px solid #d8dce1;font-weight:700}
label{display:block;margin:.7rem 0 .25rem;font-weight:500}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:500}
input[type=text],input[type=email],input[type=tel],input[type=date]{width:100%;padding:.65rem;font-size:1rem;border:1px solid #8b949e;border-radius:.35rem}
input[type=checkbox],input[type=radio]{width:1.2rem;height:1.2rem}
input:focus,button:focus,a:focus{outline:3px solid #f59e0b;outline-offset:2px}
input[aria-invalid=true]{border-color:#b42318;border-width:2px}
.hint{color:#57606a;font-size:.9rem;margin:.2rem 0 0}
.row{display:flex;gap:.6rem}.row>div{flex:1}
button{display:block;width:100%;margin-top:1rem;padding:.8rem;font-size:1.05rem;font-weight:600;border:0;border-radius:.4rem;background:var(--brand);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f2328;border:1px solid #8b949e}
.inline{display:flex;gap:.5rem;align-items:flex-end}.inline>div{flex:1}.inline button{width:auto;margin:0;padding:.65rem 1rem}
.error{background:#fdecea;border:1px solid #b42318;color:#7a1a12;border-radius:.4rem;padding:.8rem;margin:0 0 1rem}
.ok{background:#e7f6ec;border:1px solid #1a7f37;color:#0f5323;border-radius:.4rem;padding:.8rem;margin:0 0 1rem}
.code-applied{color:#0f5323}.code-unapplicable{color:#7a1a12}
a{color:#0b57d0}
dt{font-weight:600}dd{margin:0 0 .6rem;overflow-wrap:anywhere}
details{margin:0 0 1rem}
details>summary{cursor:pointer;font-weight:600;padding:.2rem 0}
details[open]>summary{margin-bottom:.4rem}
footer{max-width:32rem;margin:0 auto;padding:0 1rem 2rem;color:#57606a;font-size:.85rem}
`;

export interface PageFrame {
  title: string;
  vendorName: string;
  logo: string | null;
  settings: CheckoutSettings;
  language?: string | null;
  /** The card provider moves no real money (the embedded processor, or stripe with a test key): every page says so. */
  testMode?: boolean;
}

const TEST_MODE_BANNER =
  '<p class="test-mode" role="note" id="test-mode"><strong>Test mode.</strong> No money moves: pay with the test card 4242 4242 4242 4242.</p>';

export function frame(f: PageFrame, body: string): string {
  // Only a logo the service itself serves (or inline data) is shown: nothing loads from outside.
  const logo = f.logo && (f.logo.startsWith('/') || f.logo.startsWith('data:image/'))
    ? `<img src="${escapeHtml(f.logo)}" alt="" height="28"> `
    : '';
  return `<!doctype html><html lang="${escapeHtml(f.language ?? 'en')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(f.title)} · ${escapeHtml(f.vendorName)}</title><link rel="icon" href="data:,"><style>${STYLE(f.settings.color)}</style></head>
<body><header><p>${logo}${escapeHtml(f.vendorName)}</p></header>${f.testMode ? TEST_MODE_BANNER : ''}<main>${body}</main>
<footer>${f.settings.termsUrl ? `<a href="${escapeHtml(f.settings.termsUrl)}" rel="noopener">Terms of purchase</a> · ` : ''}Secure checkout served by ${escapeHtml(f.vendorName)}'s commerce service.</footer>
</body></html>`;
}

/** Money as the domain writes it everywhere (formatMoney), in the page's language. */
export const amount = (minor: number, currency: string, lang = 'en') => formatMoney(minor, currency, lang);

const PERIOD: Record<string, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' };
const every = (r: { interval: string; time: number } | null) =>
  r ? (r.time === 1 ? ` / ${PERIOD[r.interval]}` : ` / ${r.time} ${PERIOD[r.interval]}s`) : '';

/**
 * A checkout as its pages show it: `price` is what the buyer pays, with the
 * VAT added to prices that exclude it (`vatAddedMinor`, shown on its own line).
 */
export type ShownCheckout = CheckoutSnapshot & { readonly vatAddedMinor?: number };

export function summary(s: ShownCheckout, paid = false): string {
  const rows = s.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.title)}<div class="hint">${escapeHtml(i.purchaseOptionName)}${i.taxIncluded ? ', tax included' : ', tax added at payment'}</div></td>` +
        `<td class="amount">${amount(i.unitPrice.minor, i.unitPrice.currency)}${every(i.recurring)}</td></tr>`,
    )
    .join('');
  const discount = s.discountMinor > 0
    ? `<tr><td>Discount</td><td class="amount">${amount(-s.discountMinor, s.currency)}</td></tr>`
    : '';
  const vat = (s.vatAddedMinor ?? 0) > 0 ? `<tr><td>VAT</td><td class="amount">${amount(s.vatAddedMinor!, s.currency)}</td></tr>` : '';
  const owned = s.itemsOwned.length > 0
    ? `<p class="hint">You already have: ${s.itemsOwned.map((o) => escapeHtml(o.title)).join(', ')}.</p>`
    : '';
  return `<section aria-labelledby="summary-title"><h2 id="summary-title">Your order</h2>
<table><caption class="hint" style="text-align:left">${s.type === 'RECURRING' ? 'Subscription: renews until you cancel.' : 'One-time purchase.'}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="amount">Price</th></tr></thead>
<tbody>${rows}${discount}${vat}</tbody>
<tfoot><tr><th scope="row">${paid ? 'Paid' : 'To pay now'}</th><td class="amount" id="total">${amount(s.price.minor, s.currency)}</td></tr></tfoot></table>${owned}</section>`;
}

export interface FormState {
  error?: string;
  /** Field names to mark invalid. */
  invalid?: string[];
  values?: Record<string, string>;
}

const FIELD_NAMES: Record<string, string> = {
  email: 'buyerEmail',
  payerEmail: 'buyerEmail',
  givenName: 'givenName',
  familyName: 'familyName',
  phoneNumber: 'phoneNumber',
  birthDate: 'birthDate',
};

/** Form field names that a list of missing checkout fields points at. */
export function invalidFields(missing: string[], giftMode: boolean): string[] {
  return missing.map((m) => {
    if (giftMode && m === 'email') return 'recipientEmail';
    if (m.startsWith('address.')) return `address_${m.slice(8)}`;
    if (m.startsWith('businessAddress.')) return `business_${m.slice(16)}`;
    return FIELD_NAMES[m] ?? m;
  });
}

const LABELS: Record<string, string> = {
  email: 'e-mail',
  payerEmail: 'your e-mail',
  givenName: 'first name',
  familyName: 'last name',
  phoneNumber: 'phone number',
  birthDate: 'date of birth',
  companyName: 'company name',
  vatNumber: 'VAT number',
};
export function missingInWords(missing: string[], giftMode: boolean): string {
  const words = missing.map((m) => {
    if (giftMode && m === 'email') return "the recipient's e-mail";
    const [group, part] = m.split('.');
    if (part) return `${group === 'businessAddress' ? 'company ' : ''}${part === 'zip' ? 'postal code' : part}`;
    return LABELS[m] ?? m;
  });
  return `Please fill in: ${words.join(', ')}.`;
}

export function checkoutPage(input: {
  frame: PageFrame;
  checkout: CheckoutSnapshot;
  signedIn: boolean;
  actions: { pay: string; discount: string };
  state: FormState;
}): string {
  const { checkout: s, state, signedIn } = input;
  const d = s.details;
  const v = (name: string, fallback: string | null | undefined = '') => escapeHtml(state.values?.[name] ?? fallback ?? '');
  const invalid = new Set(state.invalid ?? []);
  const attrs = (name: string, required = false) =>
    `id="${name}" name="${name}"${required ? ' required aria-required="true"' : ''}${invalid.has(name) ? ' aria-invalid="true" aria-describedby="error"' : ''}`;
  const input2 = (name: string, label: string, type: string, value: string, opts: { required?: boolean; autocomplete?: string; hint?: string } = {}) =>
    `<label for="${name}">${escapeHtml(label)}${opts.required ? '' : ' <span class="hint">(optional)</span>'}</label>` +
    `<input type="${type}" ${attrs(name, opts.required)} value="${value}"${opts.autocomplete ? ` autocomplete="${opts.autocomplete}"` : ''}>` +
    (opts.hint ? `<p class="hint">${escapeHtml(opts.hint)}</p>` : '');
  const fs = d.fieldSettings;
  const error = state.error
    ? `<div class="error" role="alert" id="error" tabindex="-1" autofocus><strong>Payment not made.</strong> ${escapeHtml(state.error)}</div>`
    : '';
  const codes = s.appliedDiscountCodes
    .map((a) => `<li class="code-${a.status === 'APPLIED' ? 'applied' : 'unapplicable'}">${escapeHtml(a.code)}: ${a.status === 'APPLIED' ? 'applied' : 'cannot be used for this order'}</li>`)
    .join('');
  const addr = (prefix: string, a: typeof d.address, required: boolean) =>
    input2(`${prefix}_street`, 'Street address', 'text', v(`${prefix}_street`, a?.street), { required, autocomplete: prefix === 'address' ? 'street-address' : undefined }) +
    `<div class="row"><div>${input2(`${prefix}_zip`, 'Postal code', 'text', v(`${prefix}_zip`, a?.zip), { required, autocomplete: 'postal-code' })}</div>` +
    `<div>${input2(`${prefix}_city`, 'City', 'text', v(`${prefix}_city`, a?.city), { required, autocomplete: 'address-level2' })}</div></div>` +
    input2(`${prefix}_country`, 'Country (two letters, e.g. SE)', 'text', v(`${prefix}_country`, a?.country), { required, autocomplete: 'country' });
  const methods = s.availablePaymentMethods.flatMap((m) => m.methods.map((method) => ({ provider: m.provider, method })));
  const chosen = state.values?.payment ?? (d.paymentData ? `${d.paymentData.provider}:${d.paymentData.method}` : methods[0] ? `${methods[0].provider}:${methods[0].method}` : '');
  const methodLabel = (p: string, m: string) => (m === 'card' ? 'Card' : m === 'invoice' ? 'Invoice (business)' : `${p} ${m}`);
  const isGift = (state.values?.gift ?? (d.giftMode ? 'on' : '')) === 'on';
  const isBusiness = (state.values?.isBusiness ?? (d.isBusiness ? 'on' : '')) === 'on';

  const contact = signedIn
    ? '<p class="hint" id="signed-in">You are signed in; the purchase goes to your account.</p>'
    : input2('buyerEmail', 'Your e-mail', 'email', v('buyerEmail', d.giftMode ? d.payerEmail : d.email), { required: true, autocomplete: 'email', hint: 'The receipt and access go to this address.' });
  const name = fs.name.enabled
    ? `<div class="row"><div>${input2('givenName', 'First name', 'text', v('givenName', d.givenName), { required: fs.name.required, autocomplete: 'given-name' })}</div>` +
      `<div>${input2('familyName', 'Last name', 'text', v('familyName', d.familyName), { required: fs.name.required, autocomplete: 'family-name' })}</div></div>`
    : '';
  const phone = fs.phone.enabled ? input2('phoneNumber', 'Phone', 'tel', v('phoneNumber', d.phoneNumber), { required: fs.phone.required, autocomplete: 'tel' }) : '';
  const birth = fs.birthdate.enabled ? input2('birthDate', 'Date of birth', 'date', v('birthDate', d.birthDate), { required: fs.birthdate.required, autocomplete: 'bday' }) : '';
  const referral = fs.referral.enabled ? input2('referralEmail', 'Who referred you? (their e-mail)', 'email', v('referralEmail', d.referralEmail)) : '';
  const gift = input.frame.settings.giftEnabled
    ? `<details${isGift || invalid.has('recipientEmail') ? ' open' : ''}><summary>Give it as a gift</summary><fieldset><legend>Gift</legend><label class="check"><input type="checkbox" ${attrs('gift')}${isGift ? ' checked' : ''}> This is a gift</label>
${input2('recipientEmail', "Recipient's e-mail", 'email', v('recipientEmail', d.giftMode ? d.email : ''), { required: isGift, hint: 'They get the access on this e-mail and a link to redeem it; you pay and get the receipt.' })}</fieldset></details>`
    : '';
  const business = input.frame.settings.businessEnabled
    ? `<details${isBusiness || [...invalid].some((f) => f.startsWith('business_') || f === 'companyName' || f === 'vatNumber') ? ' open' : ''}><summary>Buying for a company?</summary><fieldset><legend>Business purchase</legend><label class="check"><input type="checkbox" ${attrs('isBusiness')}${isBusiness ? ' checked' : ''}> Buying for a company</label>
${input2('companyName', 'Company name', 'text', v('companyName', d.companyName), { required: isBusiness, autocomplete: 'organization' })}
${input2('vatNumber', 'VAT number', 'text', v('vatNumber', d.vatNumber), { required: isBusiness })}
${addr('business', d.businessAddress, isBusiness)}</fieldset></details>`
    : '';
  const payment = methods.length === 0
    ? '<p class="error" role="alert">No payment method is available for this order.</p>'
    : `<fieldset><legend>Payment</legend>${methods
        .map((m) => `<label class="check"><input type="radio" name="payment" value="${escapeHtml(`${m.provider}:${m.method}`)}"${`${m.provider}:${m.method}` === chosen ? ' checked' : ''}> ${escapeHtml(methodLabel(m.provider, m.method))}</label>`)
        .join('')}
${input2('cardNumber', 'Card number', 'text', '', { required: true, autocomplete: 'cc-number', hint: 'Test mode: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.' })}
<div class="row"><div>${input2('expiry', 'Expiry (MM/YY)', 'text', '', { required: true, autocomplete: 'cc-exp' })}</div><div>${input2('cvc', 'Security code', 'text', '', { required: true, autocomplete: 'cc-csc' })}</div></div></fieldset>`;

  return frame(
    input.frame,
    `<h1>Checkout</h1>${error}${summary(s)}
<section aria-labelledby="code-title"><h2 id="code-title">Discount code</h2>
<form method="post" action="${escapeHtml(input.actions.discount)}" class="inline"><div><label for="code">Code</label><input type="text" id="code" name="code" autocomplete="off"></div><button type="submit" class="secondary" id="apply-code">Apply</button></form>
${codes ? `<ul aria-live="polite">${codes}</ul>` : ''}</section>
<form method="post" action="${escapeHtml(input.actions.pay)}" novalidate>
<fieldset><legend>Your details</legend>${contact}${name}${phone}${birth}${referral}</fieldset>
${d.requireAddress ? `<fieldset><legend>Address</legend>${addr('address', d.address, true)}</fieldset>` : ''}
${gift}${business}${payment}
<button type="submit" id="pay">Pay ${amount(s.price.minor, s.currency)}</button></form>`,
  );
}

export function confirmPage(f: PageFrame, s: CheckoutSnapshot, action: string): string {
  return frame(
    f,
    `<h1>Confirm your payment</h1>${summary(s)}
<section><p>Your card issuer asks you to confirm this payment of <strong>${amount(s.price.minor, s.currency)}</strong>.</p>
<p class="hint">Test mode: this page stands in for the bank's own confirmation step.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" name="decision" value="approve" id="approve">Confirm payment</button>
<button type="submit" name="decision" value="cancel" class="secondary" id="cancel">Cancel</button></form></section>`,
  );
}

/** `extra`: HTML the journey adds (the offer to sign in by a mailed code), before the way on. */
export function receiptPage(f: PageFrame, s: CheckoutSnapshot, continueUrl: string | null, extra = ''): string {
  const p = s.payment;
  return frame(
    f,
    `<h1>Thank you</h1><div class="ok" role="status" id="receipt">${p?.method === 'invoice' ? 'Order placed: the invoice is on its way.' : 'Payment received.'} Your access is ready.</div>${summary(s, true)}
<section aria-labelledby="receipt-title"><h2 id="receipt-title">Receipt</h2><dl>
<dt>Order</dt><dd id="order-id">${escapeHtml(s.id)}</dd>
<dt>Paid</dt><dd>${amount(s.price.minor, s.currency)}${p ? ` with ${escapeHtml(p.method === 'invoice' ? 'invoice' : `${p.brand ?? 'card'} ${p.description ?? ''}`)}` : ''}</dd>
${s.payer ? `<dt>Receipt sent to</dt><dd>${escapeHtml(s.payer.email)}</dd>` : ''}
${s.details.giftMode && s.details.email ? `<dt>Gift for</dt><dd>${escapeHtml(s.details.email)}</dd>` : ''}
</dl></section>${extra}
${continueUrl ? `<p><a href="${escapeHtml(continueUrl)}" id="continue">Continue to ${escapeHtml(f.vendorName)}</a></p>` : ''}`,
  );
}

export function problemPage(f: PageFrame | null, title: string, text: string): string {
  const settings = f?.settings ?? ({ color: '#1d4ed8', termsUrl: null } as CheckoutSettings);
  return frame(
    { title, vendorName: f?.vendorName ?? 'Checkout', logo: null, settings },
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert" id="error">${escapeHtml(text)}</div>`,
  );
}

export function giftPage(f: PageFrame, s: CheckoutSnapshot, siteUrl: string | null): string {
  const items = s.items.map((i) => `<li>${escapeHtml(i.title)}</li>`).join('');
  return frame(
    f,
    `<h1>A gift for you</h1><div class="ok" role="status" id="gift">${escapeHtml(s.payer?.email ?? 'Someone')} gave you:</div>
<section><ul>${items}</ul>
<p>It is yours on <strong id="recipient">${escapeHtml(s.details.email ?? '')}</strong>: sign in or create an account with that address${siteUrl ? '' : ` at ${escapeHtml(f.vendorName)}`} to use it.</p></section>
${siteUrl ? `<p><a href="${escapeHtml(siteUrl)}" id="to-site">Go to ${escapeHtml(f.vendorName)}</a></p>` : ''}`,
  );
}
