import { formatMoney } from '@kiosk/domain';
import { CheckoutSnapshot, CheckoutSettings } from '@kiosk/domain/checkout';
import { escapeAttr } from '../platform/http/page-shell';
import { CheckoutMessageKey, checkoutPlainText, checkoutText, CheckoutText } from './checkout-messages';

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

const testModeBanner = (t: CheckoutText) => `<p class="test-mode" role="note" id="test-mode"><strong>${t('testMode.title')}</strong> ${t('testMode.text')}</p>`;

/** The page's sentences, in the frame's language. */
const textOf = (f: PageFrame) => checkoutText(f.language);

/** The vendor's terms of purchase and privacy notice (its checkout settings), each a link when set, in the page's language. */
function legalLinks(settings: Pick<CheckoutSettings, 'termsUrl' | 'privacyUrl'>, t: CheckoutText): string {
  const links = [
    settings.termsUrl ? `<a href="${escapeHtml(settings.termsUrl)}" rel="noopener" id="terms-link">${t('footer.terms')}</a>` : '',
    settings.privacyUrl ? `<a href="${escapeHtml(settings.privacyUrl)}" rel="noopener" id="privacy-link">${t('footer.privacy')}</a>` : '',
  ].filter(Boolean);
  return links.map((l) => `${l} · `).join('');
}

export function frame(f: PageFrame, body: string): string {
  // Only a logo the service itself serves (or inline data) is shown: nothing loads from outside.
  const logo = f.logo && (f.logo.startsWith('/') || f.logo.startsWith('data:image/'))
    ? `<img src="${escapeHtml(f.logo)}" alt="" height="28"> `
    : '';
  const t = textOf(f);
  return `<!doctype html><html lang="${escapeHtml(f.language ?? 'en')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(f.title)} · ${escapeHtml(f.vendorName)}</title><link rel="icon" href="data:,"><style>${STYLE(f.settings.color)}</style></head>
<body><header><p>${logo}${escapeHtml(f.vendorName)}</p></header>${f.testMode ? testModeBanner(t) : ''}<main>${body}</main>
<footer>${legalLinks(f.settings, t)}${t('footer.servedBy', { vendor: escapeHtml(f.vendorName) })}</footer>
</body></html>`;
}

/** Money as the domain writes it everywhere (formatMoney), in the page's language. */
export const amount = (minor: number, currency: string, lang = 'en') => formatMoney(minor, currency, lang);

const INTERVALS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
const every = (t: CheckoutText, r: { interval: string; time: number } | null) => {
  const interval = INTERVALS.find((i) => i === r?.interval);
  if (!r || !interval) return '';
  return r.time === 1 ? ` / ${t(`every.${interval}`)}` : ` / ${t(`everyN.${interval}`, { n: String(r.time) })}`;
};

/**
 * A checkout as its pages show it: `price` is what the buyer pays, with the
 * VAT added to prices that exclude it (`vatAddedMinor`, shown on its own line).
 */
export type ShownCheckout = CheckoutSnapshot & { readonly vatAddedMinor?: number };

export function summary(s: ShownCheckout, paid = false, lang: string | null = null): string {
  const t = checkoutText(lang);
  const money = (minor: number) => amount(minor, s.currency, lang ?? 'en');
  const rows = s.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.title)}<div class="hint">${escapeHtml(i.purchaseOptionName)}, ${i.taxIncluded ? t('summary.taxIncluded') : t('summary.taxAdded')}</div></td>` +
        `<td class="amount">${amount(i.unitPrice.minor, i.unitPrice.currency, lang ?? 'en')}${every(t, i.recurring)}</td></tr>`,
    )
    .join('');
  const discount = s.discountMinor > 0
    ? `<tr><td>${t('summary.discount')}</td><td class="amount">${money(-s.discountMinor)}</td></tr>`
    : '';
  const vat = (s.vatAddedMinor ?? 0) > 0 ? `<tr><td>${t('summary.vat')}</td><td class="amount">${money(s.vatAddedMinor!)}</td></tr>` : '';
  const owned = s.itemsOwned.length > 0
    ? `<p class="hint">${t('summary.owned', { items: s.itemsOwned.map((o) => escapeHtml(o.title)).join(', ') })}</p>`
    : '';
  return `<section aria-labelledby="summary-title"><h2 id="summary-title">${t('summary.title')}</h2>
<table><caption class="hint" style="text-align:left">${s.type === 'RECURRING' ? t('summary.recurring') : t('summary.oneTime')}</caption>
<thead><tr><th scope="col">${t('summary.item')}</th><th scope="col" class="amount">${t('summary.price')}</th></tr></thead>
<tbody>${rows}${discount}${vat}</tbody>
<tfoot><tr><th scope="row">${paid ? t('summary.paid') : t('summary.toPay')}</th><td class="amount" id="total">${money(s.price.minor)}</td></tr></tfoot></table>${owned}</section>`;
}

export interface FormState {
  error?: string;
  /** Field names to mark invalid. */
  invalid?: string[];
  values?: Record<string, string>;
  /** The countries the buyer chooses their residence among (the checkout's evidence disagreed: CHECKOUT.RESIDENCE_TO_CONFIRM). */
  residence?: readonly string[];
}

/** "Sweden (SE)" in the page's language; the code alone where the runtime has no name for it. */
function countryName(code: string, lang: string): string {
  try {
    const name = new Intl.DisplayNames([lang, 'en'], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** The step that asks a buyer whose details name several countries where they live (a required radio group). */
function residenceStep(countries: readonly string[], t: ReturnType<typeof textOf>, lang: string): string {
  const options = countries
    .map((c, i) => `<label class="check"><input type="radio" name="residenceCountry" id="residence-${escapeHtml(c)}" value="${escapeHtml(c)}"${i === 0 ? ' required aria-required="true"' : ''}> ${escapeHtml(countryName(c, lang))}</label>`)
    .join('');
  return `<fieldset id="residence" aria-describedby="residence-hint"><legend>${t('residence.legend')}</legend><p class="hint" id="residence-hint">${t('residence.hint', { countries: escapeHtml(countries.join(', ')) })}</p>${options}</fieldset>`;
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

const MISSING = {
  email: 'missing.email',
  payerEmail: 'missing.payerEmail',
  givenName: 'missing.givenName',
  familyName: 'missing.familyName',
  phoneNumber: 'missing.phoneNumber',
  birthDate: 'missing.birthDate',
  companyName: 'missing.companyName',
  vatNumber: 'missing.vatNumber',
  street: 'missing.street',
  zip: 'missing.zip',
  city: 'missing.city',
  country: 'missing.country',
} as const satisfies Record<string, CheckoutMessageKey>;
const missingKey = (name: string): CheckoutMessageKey | undefined => (Object.hasOwn(MISSING, name) ? MISSING[name as keyof typeof MISSING] : undefined);

/** "Please fill in: e-mail, postal code." in the page's language (plain text: the page escapes it). */
export function missingInWords(missing: string[], giftMode: boolean, lang: string | null = null): string {
  const t = checkoutPlainText(lang);
  const word = (name: string) => {
    const key = missingKey(name);
    return key ? t(key) : name;
  };
  const words = missing.map((m) => {
    if (giftMode && m === 'email') return t('missing.recipientEmail');
    const [group, part] = m.split('.');
    if (part) return group === 'businessAddress' ? t('missing.company', { part: word(part) }) : word(part);
    return word(m);
  });
  return t('missing.intro', { fields: words.join(', ') });
}

export function checkoutPage(input: {
  frame: PageFrame;
  checkout: CheckoutSnapshot;
  signedIn: boolean;
  actions: { pay: string; discount: string };
  state: FormState;
}): string {
  const { checkout: s, state, signedIn } = input;
  const t = textOf(input.frame);
  const lang = input.frame.language ?? 'en';
  const d = s.details;
  const v = (name: string, fallback: string | null | undefined = '') => escapeHtml(state.values?.[name] ?? fallback ?? '');
  const invalid = new Set(state.invalid ?? []);
  const attrs = (name: string, required = false) =>
    `id="${name}" name="${name}"${required ? ' required aria-required="true"' : ''}${invalid.has(name) ? ' aria-invalid="true" aria-describedby="error"' : ''}`;
  const input2 = (name: string, label: string, type: string, value: string, opts: { required?: boolean; autocomplete?: string; hint?: string } = {}) =>
    `<label for="${name}">${label}${opts.required ? '' : ` <span class="hint">${t('form.optional')}</span>`}</label>` +
    `<input type="${type}" ${attrs(name, opts.required)} value="${value}"${opts.autocomplete ? ` autocomplete="${opts.autocomplete}"` : ''}>` +
    (opts.hint ? `<p class="hint">${opts.hint}</p>` : '');
  const fs = d.fieldSettings;
  const error = state.error
    ? `<div class="error" role="alert" id="error" tabindex="-1" autofocus><strong>${t('form.notPaid')}</strong> ${escapeHtml(state.error)}</div>`
    : '';
  const codes = s.appliedDiscountCodes
    .map((a) => `<li class="code-${a.status === 'APPLIED' ? 'applied' : 'unapplicable'}">${escapeHtml(a.code)}: ${a.status === 'APPLIED' ? t('code.applied') : t('code.unusable')}</li>`)
    .join('');
  const addr = (prefix: string, a: typeof d.address, required: boolean) =>
    input2(`${prefix}_street`, t('address.street'), 'text', v(`${prefix}_street`, a?.street), { required, autocomplete: prefix === 'address' ? 'street-address' : undefined }) +
    `<div class="row"><div>${input2(`${prefix}_zip`, t('address.zip'), 'text', v(`${prefix}_zip`, a?.zip), { required, autocomplete: 'postal-code' })}</div>` +
    `<div>${input2(`${prefix}_city`, t('address.city'), 'text', v(`${prefix}_city`, a?.city), { required, autocomplete: 'address-level2' })}</div></div>` +
    input2(`${prefix}_country`, t('address.country'), 'text', v(`${prefix}_country`, a?.country), { required, autocomplete: 'country' });
  const methods = s.availablePaymentMethods.flatMap((m) => m.methods.map((method) => ({ provider: m.provider, method })));
  const chosen = state.values?.payment ?? (d.paymentData ? `${d.paymentData.provider}:${d.paymentData.method}` : methods[0] ? `${methods[0].provider}:${methods[0].method}` : '');
  const methodLabel = (p: string, m: string) => (m === 'card' ? t('payment.card') : m === 'invoice' ? t('payment.invoice') : escapeHtml(`${p} ${m}`));
  const isGift = (state.values?.gift ?? (d.giftMode ? 'on' : '')) === 'on';
  const isBusiness = (state.values?.isBusiness ?? (d.isBusiness ? 'on' : '')) === 'on';

  const contact = signedIn
    ? `<p class="hint" id="signed-in">${t('details.signedIn')}</p>`
    : input2('buyerEmail', t('details.email'), 'email', v('buyerEmail', d.giftMode ? d.payerEmail : d.email), { required: true, autocomplete: 'email', hint: t('details.emailHint') });
  const name = fs.name.enabled
    ? `<div class="row"><div>${input2('givenName', t('details.givenName'), 'text', v('givenName', d.givenName), { required: fs.name.required, autocomplete: 'given-name' })}</div>` +
      `<div>${input2('familyName', t('details.familyName'), 'text', v('familyName', d.familyName), { required: fs.name.required, autocomplete: 'family-name' })}</div></div>`
    : '';
  const phone = fs.phone.enabled ? input2('phoneNumber', t('details.phone'), 'tel', v('phoneNumber', d.phoneNumber), { required: fs.phone.required, autocomplete: 'tel' }) : '';
  const birth = fs.birthdate.enabled ? input2('birthDate', t('details.birthDate'), 'date', v('birthDate', d.birthDate), { required: fs.birthdate.required, autocomplete: 'bday' }) : '';
  const referral = fs.referral.enabled ? input2('referralEmail', t('details.referral'), 'email', v('referralEmail', d.referralEmail)) : '';
  const gift = input.frame.settings.giftEnabled
    ? `<details${isGift || invalid.has('recipientEmail') ? ' open' : ''}><summary>${t('gift.summary')}</summary><fieldset><legend>${t('gift.legend')}</legend><label class="check"><input type="checkbox" ${attrs('gift')}${isGift ? ' checked' : ''}> ${t('gift.check')}</label>
${input2('recipientEmail', t('gift.recipient'), 'email', v('recipientEmail', d.giftMode ? d.email : ''), { required: isGift, hint: t('gift.hint') })}</fieldset></details>`
    : '';
  const business = input.frame.settings.businessEnabled
    ? `<details${isBusiness || [...invalid].some((f) => f.startsWith('business_') || f === 'companyName' || f === 'vatNumber') ? ' open' : ''}><summary>${t('business.summary')}</summary><fieldset><legend>${t('business.legend')}</legend><label class="check"><input type="checkbox" ${attrs('isBusiness')}${isBusiness ? ' checked' : ''}> ${t('business.check')}</label>
${input2('companyName', t('business.company'), 'text', v('companyName', d.companyName), { required: isBusiness, autocomplete: 'organization' })}
${input2('vatNumber', t('business.vatNumber'), 'text', v('vatNumber', d.vatNumber), { required: isBusiness })}
${addr('business', d.businessAddress, isBusiness)}</fieldset></details>`
    : '';
  const payment = methods.length === 0
    ? `<p class="error" role="alert">${t('payment.none')}</p>`
    : `<fieldset><legend>${t('payment.legend')}</legend>${methods
        .map((m) => `<label class="check"><input type="radio" name="payment" value="${escapeHtml(`${m.provider}:${m.method}`)}"${`${m.provider}:${m.method}` === chosen ? ' checked' : ''}> ${methodLabel(m.provider, m.method)}</label>`)
        .join('')}
${input2('cardNumber', t('payment.cardNumber'), 'text', '', { required: true, autocomplete: 'cc-number', hint: t('payment.cardHint') })}
<div class="row"><div>${input2('expiry', t('payment.expiry'), 'text', '', { required: true, autocomplete: 'cc-exp' })}</div><div>${input2('cvc', t('payment.cvc'), 'text', '', { required: true, autocomplete: 'cc-csc' })}</div></div></fieldset>`;

  return frame(
    input.frame,
    `<h1>${t('title.checkout')}</h1>${error}${summary(s, false, lang)}
<section aria-labelledby="code-title"><h2 id="code-title">${t('code.title')}</h2>
<form method="post" action="${escapeHtml(input.actions.discount)}" class="inline"><div><label for="code">${t('code.field')}</label><input type="text" id="code" name="code" autocomplete="off"></div><button type="submit" class="secondary" id="apply-code">${t('code.apply')}</button></form>
${codes ? `<ul aria-live="polite">${codes}</ul>` : ''}</section>
<form method="post" action="${escapeHtml(input.actions.pay)}" novalidate>
<fieldset><legend>${t('details.legend')}</legend>${contact}${name}${phone}${birth}${referral}</fieldset>
${d.requireAddress ? `<fieldset><legend>${t('address.legend')}</legend>${addr('address', d.address, true)}</fieldset>` : ''}
${gift}${business}${state.residence ? residenceStep(state.residence, t, lang) : ''}${payment}
<button type="submit" id="pay">${t('payment.pay', { amount: escapeHtml(amount(s.price.minor, s.currency, lang)) })}</button></form>`,
  );
}

export function confirmPage(f: PageFrame, s: CheckoutSnapshot, action: string): string {
  const t = textOf(f);
  const lang = f.language ?? 'en';
  return frame(
    f,
    `<h1>${t('title.confirm')}</h1>${summary(s, false, lang)}
<section><p>${t('confirm.text', { amount: `<strong>${escapeHtml(amount(s.price.minor, s.currency, lang))}</strong>` })}</p>
<p class="hint">${t('confirm.hint')}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" name="decision" value="approve" id="approve">${t('confirm.approve')}</button>
<button type="submit" name="decision" value="cancel" class="secondary" id="cancel">${t('confirm.cancel')}</button></form></section>`,
  );
}

/** `extra`: HTML the journey adds (the offer to sign in by a mailed code), before the way on. */
export function receiptPage(f: PageFrame, s: CheckoutSnapshot, continueUrl: string | null, extra = ''): string {
  const p = s.payment;
  const t = textOf(f);
  const lang = f.language ?? 'en';
  const method = p ? (p.method === 'invoice' ? t('receipt.invoice') : `${p.brand ? escapeHtml(p.brand) : t('receipt.card')} ${escapeHtml(p.description ?? '')}`) : '';
  return frame(
    f,
    `<h1>${t('receipt.thanks')}</h1><div class="ok" role="status" id="receipt">${p?.method === 'invoice' ? t('receipt.invoiced') : t('receipt.received')} ${t('receipt.ready')}</div>${summary(s, true, lang)}
<section aria-labelledby="receipt-title"><h2 id="receipt-title">${t('title.receipt')}</h2><dl>
<dt>${t('receipt.order')}</dt><dd id="order-id">${escapeHtml(s.id)}</dd>
<dt>${t('receipt.paid')}</dt><dd>${escapeHtml(amount(s.price.minor, s.currency, lang))}${p ? ` ${t('receipt.with', { method })}` : ''}</dd>
${s.payer ? `<dt>${t('receipt.sentTo')}</dt><dd>${escapeHtml(s.payer.email)}</dd>` : ''}
${s.details.giftMode && s.details.email ? `<dt>${t('receipt.giftFor')}</dt><dd>${escapeHtml(s.details.email)}</dd>` : ''}
</dl></section>${extra}
${continueUrl ? `<p><a href="${escapeHtml(continueUrl)}" id="continue">${t('receipt.continue', { vendor: escapeHtml(f.vendorName) })}</a></p>` : ''}`,
  );
}

/** Without a vendor (a wrong link) the header says `serviceName`, and the page speaks `language`: the reader's. */
export function problemPage(f: PageFrame | null, title: string, text: string, serviceName = 'Checkout', language: string | null = null): string {
  const settings = f?.settings ?? ({ color: '#1d4ed8', termsUrl: null, privacyUrl: null } as CheckoutSettings);
  return frame(
    { title, vendorName: f?.vendorName ?? serviceName, logo: null, settings, language: f?.language ?? language },
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert" id="error">${escapeHtml(text)}</div>`,
  );
}

export function giftPage(f: PageFrame, s: CheckoutSnapshot, siteUrl: string | null): string {
  const items = s.items.map((i) => `<li>${escapeHtml(i.title)}</li>`).join('');
  const t = textOf(f);
  const vendor = escapeHtml(f.vendorName);
  const email = `<strong id="recipient">${escapeHtml(s.details.email ?? '')}</strong>`;
  return frame(
    f,
    `<h1>${t('title.gift')}</h1><div class="ok" role="status" id="gift">${t('giftPage.from', { giver: s.payer?.email ? escapeHtml(s.payer.email) : t('giftPage.someone') })}</div>
<section><ul>${items}</ul>
<p>${siteUrl ? t('giftPage.yours', { email }) : t('giftPage.yoursAt', { email, vendor })}</p></section>
${siteUrl ? `<p><a href="${escapeHtml(siteUrl)}" id="to-site">${t('giftPage.toSite', { vendor })}</a></p>` : ''}`,
  );
}
