import { escapeAttr, escapeText, pageShell } from '../../platform/http/page-shell';
import { EN, MessageKey } from './messages-en';
import { PageContext } from './page-context';

/**
 * The pages a reader meets while signing in (sign in, sign up, forgot and
 * reset password, their errors), in the vendor's look and the reader's
 * language. Every value is escaped here; the catalogue's text is plain.
 */

type Field = 'email' | 'password';

/** A form's failure: the sentence to show and the fields it is about (marked invalid, tied to the sentence). */
export interface FormError {
  message: MessageKey;
  fields: Field[];
}

/** The reader-facing sentence for a domain error of signing in; other errors get a general one. */
export function formError(code: string | undefined): FormError {
  switch (code) {
    case 'ACCOUNT.WRONG_CREDENTIALS':
      return { message: 'error.wrongCredentials', fields: ['email', 'password'] };
    case 'ACCOUNT.WEAK_PASSWORD':
      return { message: 'error.weakPassword', fields: ['password'] };
    case 'USER.BAD_EMAIL':
      return { message: 'error.badEmail', fields: ['email'] };
    case 'ACCOUNT.SIGN_UP_LINK_INVALID':
      return { message: 'error.signUpLinkInvalid', fields: [] };
    case 'ACCOUNT.RESET_TOKEN_INVALID':
      return { message: 'error.resetLinkInvalid', fields: [] };
    case 'RATE_LIMITED':
      return { message: 'error.tooManySignIns', fields: [] };
    default:
      return { message: 'error.generic', fields: [] };
  }
}

const has = (key: string): key is MessageKey => Object.hasOwn(EN, key);

function layout(ctx: PageContext, title: string, body: string, extra: { after?: string } = {}): string {
  return pageShell({
    lang: ctx.tr.lang,
    title,
    brand: ctx.brand,
    body,
    after: extra.after,
    footer: ctx.tr.t('footer.signIn', { vendor: ctx.brand.name }),
  });
}

const heading = (ctx: PageContext, title: MessageKey, lead?: MessageKey) =>
  `<h1>${escapeText(ctx.tr.t(title))}</h1>${lead ? `<p class="lead">${escapeText(ctx.tr.t(lead, { vendor: ctx.brand.name }))}</p>` : ''}`;

const alert = (text: string) => `<div class="error" role="alert" id="error">${escapeText(text)}</div>`;
const errorBlock = (ctx: PageContext, error?: FormError) => (error ? alert(ctx.tr.t(error.message)) : '');
const note = (id: string, text: string) => `<p class="note" role="status" id="${id}">${escapeText(text)}</p>`;

interface InputSpec {
  name: Field;
  label: MessageKey;
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: MessageKey;
  minLength?: number;
}

/** A labelled input; its hint and the form's error (when about this field) are tied to it with aria-describedby. */
function input(ctx: PageContext, spec: InputSpec, error?: FormError): string {
  const invalid = error?.fields.includes(spec.name) ?? false;
  const hintId = spec.hint ? `${spec.name}-hint` : null;
  const describedBy = [hintId, invalid ? 'error' : null].filter(Boolean).join(' ');
  return (
    `<label for="${spec.name}">${escapeText(ctx.tr.t(spec.label))}</label>` +
    `<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required` +
    (spec.minLength ? ` minlength="${spec.minLength}"` : '') +
    (spec.value ? ` value="${escapeAttr(spec.value)}"` : '') +
    (invalid ? ' aria-invalid="true"' : '') +
    (describedBy ? ` aria-describedby="${describedBy}"` : '') +
    '>' +
    (spec.hint ? `<p class="hint" id="${hintId}">${escapeText(ctx.tr.t(spec.hint))}</p>` : '')
  );
}

const form = (action: string, fields: string, submitId: string, submit: string) =>
  `<form method="post" action="${escapeAttr(action)}">${fields}<button type="submit" id="${submitId}">${escapeText(submit)}</button></form>`;

const links = (items: { id: string; href: string; text: string }[]) =>
  `<ul class="links">${items.map((l) => `<li><a id="${l.id}" href="${escapeAttr(l.href)}">${escapeText(l.text)}</a></li>`).join('')}</ul>`;

const emailInput = (ctx: PageContext, value: string, error?: FormError) =>
  input(ctx, { name: 'email', label: 'field.email', type: 'email', autocomplete: 'username', value }, error);

export function signInPage(ctx: PageContext, action: { signIn: string; signUp: string; forgot: string; code?: string }, email = '', error?: FormError) {
  // Passwordless, beside the password: the same form's e-mail goes to the code route (no password needed).
  const code = action.code
    ? `<button type="submit" class="secondary" id="email-code" formaction="${escapeAttr(action.code)}" formnovalidate>${escapeText(ctx.tr.t('signIn.emailCode'))}</button>`
    : '';
  return layout(
    ctx,
    ctx.tr.t('signIn.title'),
    heading(ctx, 'signIn.title', 'signIn.lead') +
      errorBlock(ctx, error) +
      form(
        action.signIn,
        emailInput(ctx, email, error) +
          input(ctx, { name: 'password', label: 'field.password', type: 'password', autocomplete: 'current-password' }, error),
        'sign-in',
        ctx.tr.t('signIn.submit'),
      ).replace(/<\/form>$/, `${code}</form>`) +
      links([
        { id: 'to-sign-up', href: action.signUp, text: ctx.tr.t('signIn.toSignUp') },
        { id: 'to-forgot', href: action.forgot, text: ctx.tr.t('signIn.toForgot') },
      ]),
  );
}

const newPassword = (ctx: PageContext, label: MessageKey, error?: FormError) =>
  input(ctx, { name: 'password', label, type: 'password', autocomplete: 'new-password', hint: 'field.passwordHint', minLength: 10 }, error);

export function signUpPage(ctx: PageContext, action: { signUp: string; signIn: string }, email = '', error?: FormError) {
  return layout(
    ctx,
    ctx.tr.t('signUp.title'),
    heading(ctx, 'signUp.title', 'signUp.lead') +
      errorBlock(ctx, error) +
      form(action.signUp, emailInput(ctx, email, error) + newPassword(ctx, 'field.password', error), 'sign-up', ctx.tr.t('signUp.submit')) +
      links([{ id: 'to-sign-in', href: action.signIn, text: ctx.tr.t('signUp.toSignIn') }]),
  );
}

export function forgotPage(ctx: PageContext, action: { forgot: string; signIn: string }, sent: boolean, error?: FormError) {
  return layout(
    ctx,
    ctx.tr.t('forgot.title'),
    heading(ctx, 'forgot.title', sent ? undefined : 'forgot.lead') +
      errorBlock(ctx, error) +
      (sent
        ? note('sent', ctx.tr.t('forgot.sent'))
        : form(action.forgot, emailInput(ctx, ''), 'send-link', ctx.tr.t('forgot.submit'))) +
      links([{ id: 'to-sign-in', href: action.signIn, text: ctx.tr.t('forgot.toSignIn') }]),
  );
}

export function resetPage(ctx: PageContext, action: string, error?: FormError, done = false) {
  return layout(
    ctx,
    ctx.tr.t('reset.title'),
    done
      ? heading(ctx, 'reset.title') + note('done', ctx.tr.t('reset.done')) + backLink(ctx)
      : heading(ctx, 'reset.title', 'reset.lead') +
          errorBlock(ctx, error) +
          form(action, newPassword(ctx, 'field.newPassword', error), 'change-password', ctx.tr.t('reset.submit')),
  );
}

/** The page to type a mailed sign-in code on: the same words whether the address has an account or not. */
export function signInCodePage(
  ctx: PageContext,
  action: { verify: string; resend: string; signIn: string },
  state: { challenge: string; email: string; error?: MessageKey },
) {
  const invalid = state.error === 'error.codeInvalid';
  return layout(
    ctx,
    ctx.tr.t('code.title'),
    `<h1>${escapeText(ctx.tr.t('code.title'))}</h1>` +
      (state.error ? alert(ctx.tr.t(state.error)) : '') +
      `<p class="lead" id="code-sent">${escapeText(ctx.tr.t('code.lead', { email: state.email, vendor: ctx.brand.name }))}</p>` +
      `<form method="post" action="${escapeAttr(action.verify)}"><input type="hidden" name="challenge" value="${escapeAttr(state.challenge)}">` +
      `<input type="hidden" name="email" value="${escapeAttr(state.email)}">` +
      `<label for="code">${escapeText(ctx.tr.t('code.field'))}</label>` +
      `<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required` +
      `${invalid ? ' aria-invalid="true" aria-describedby="error"' : ''}>` +
      `<button type="submit" id="verify-code">${escapeText(ctx.tr.t('code.submit'))}</button></form>` +
      form(action.resend, `<input type="hidden" name="email" value="${escapeAttr(state.email)}">`, 'resend-code', ctx.tr.t('code.resend')) +
      links([{ id: 'to-sign-in', href: action.signIn, text: ctx.tr.t('code.toSignIn') }]),
  );
}

/** The mailed sign-in link's page: one button, so a mail scanner that opens links spends nothing. */
export function signInLinkPage(ctx: PageContext, action: string, error?: MessageKey) {
  return layout(
    ctx,
    ctx.tr.t('code.linkTitle', { vendor: ctx.brand.name }),
    `<h1>${escapeText(ctx.tr.t('code.linkTitle', { vendor: ctx.brand.name }))}</h1>` +
      (error ? alert(ctx.tr.t(error)) + backLink(ctx) : `<p class="lead">${escapeText(ctx.tr.t('code.linkLead'))}</p>` + form(action, '', 'confirm-link', ctx.tr.t('code.linkSubmit'))),
  );
}

/**
 * A staff member's one-time portal sign-in link (printed at first start, or by `kiosk staff:sign-in-link`): one
 * button, so opening the link spends nothing; when it is spent or stale, the way to sign in instead.
 */
export function staffLinkPage(ctx: PageContext, action: string, invalid?: { signInHref: string }) {
  const title = ctx.tr.t('staffLink.title', { vendor: ctx.brand.name });
  return layout(
    ctx,
    title,
    `<h1>${escapeText(title)}</h1>` +
      (invalid
        ? alert(ctx.tr.t('staffLink.invalid')) + `<p><a id="portal-sign-in" href="${escapeAttr(invalid.signInHref)}">${escapeText(ctx.tr.t('staffLink.signIn'))}</a></p>`
        : `<p class="lead">${escapeText(ctx.tr.t('staffLink.lead'))}</p>` + form(action, '', 'open-portal', ctx.tr.t('staffLink.submit'))),
  );
}

/** After a sign-up: the same words whether the address had an account or not. */
export function checkMailPage(ctx: PageContext, email: string) {
  return layout(ctx, ctx.tr.t('checkMail.title'), heading(ctx, 'checkMail.title') + note('check-mail', ctx.tr.t('checkMail.text', { email })));
}

/** The sign-up link's page: one button, so a mail scanner that opens links creates nothing. */
export function confirmSignUpPage(ctx: PageContext, action: string, error?: FormError) {
  return layout(
    ctx,
    ctx.tr.t('confirm.title'),
    heading(ctx, 'confirm.title', 'confirm.lead') + errorBlock(ctx, error) + form(action, '', 'confirm-sign-up', ctx.tr.t('confirm.submit')),
  );
}

export function signUpDonePage(ctx: PageContext) {
  return layout(ctx, ctx.tr.t('done.title'), heading(ctx, 'done.title') + note('account-ready', ctx.tr.t('done.text')) + backLink(ctx));
}

const backLink = (ctx: PageContext) => `<p><a id="back" href="${escapeAttr(ctx.brand.siteUrl)}">${escapeText(ctx.tr.t('back.site'))}</a></p>`;

/** The sign-in page's interaction is gone (expired, used, or another browser's). */
export function expiredPage(ctx: PageContext) {
  return layout(ctx, ctx.tr.t('expired.title'), heading(ctx, 'expired.title') + alert(ctx.tr.t('expired.text')) + backLink(ctx));
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');

/**
 * An error of a browser route: a headline for the status, the problem in
 * plain words (the catalogue's sentence for its code, else its detail), a
 * link back to the site, and the technical detail for support.
 */
export function browserErrorPage(ctx: PageContext, status: number, detail: string, code: string): string {
  const headlineKey = `status.${status}`;
  const problemKey = `problem.${code}`;
  const technical = ctx.tr.t('problem.technical', { detail: sentence(detail), status, code });
  return layout(
    ctx,
    ctx.tr.t(has(headlineKey) ? headlineKey : 'status.other'),
    `<h1>${escapeText(ctx.tr.t(has(headlineKey) ? headlineKey : 'status.other'))}</h1>` +
      alert(has(problemKey) ? ctx.tr.t(problemKey) : sentence(detail)) +
      backLink(ctx) +
      `<p class="technical" id="technical">${escapeText(technical)}</p>`,
  );
}

/** An error the OpenID provider renders (a bad authorization request, a database outage). */
export function providerErrorPage(ctx: PageContext, error: string, description: string): string {
  const key = `provider.${error}`;
  const technical = ctx.tr.t('provider.technical', { detail: description ? `${error}: ${description}` : error });
  return layout(
    ctx,
    ctx.tr.t('provider.title'),
    heading(ctx, 'provider.title') +
      alert(ctx.tr.t(has(key) ? key : 'provider.generic')) +
      backLink(ctx) +
      `<p class="technical" id="technical">${escapeText(technical)}</p>`,
  );
}

export function signedOutPage(ctx: PageContext) {
  return layout(
    ctx,
    ctx.tr.t('signedOut.title'),
    heading(ctx, 'signedOut.title') + `<p id="signed-out">${escapeText(ctx.tr.t('signedOut.text', { vendor: ctx.brand.name }))}</p>` + backLink(ctx),
  );
}

/**
 * A sign-out that another website asked for: ending the session takes the
 * reader's own click on this page (its link is followed from this origin,
 * so it is no longer a cross-site request).
 */
export function confirmSignOutPage(ctx: PageContext, signOutHref: string) {
  return layout(
    ctx,
    ctx.tr.t('confirmSignOut.title'),
    heading(ctx, 'confirmSignOut.title') +
      `<p id="confirm-sign-out">${escapeText(ctx.tr.t('confirmSignOut.text', { vendor: ctx.brand.name }))}</p>` +
      `<p><a class="button" id="sign-out" href="${escapeAttr(signOutHref)}">${escapeText(ctx.tr.t('confirmSignOut.submit'))}</a></p>` +
      links([{ id: 'stay', href: ctx.brand.siteUrl, text: ctx.tr.t('confirmSignOut.stay') }]),
  );
}

/**
 * The provider's sign-out step. Its form (with the provider's own CSRF field)
 * posts itself with a script allowed by a nonce; without script the reader
 * presses the button.
 */
export function logoutPage(ctx: PageContext, providerForm: string, nonce: string): string {
  const formId = /<form[^>]*\bid="([^"]+)"/.exec(providerForm)?.[1] ?? 'op.logoutForm';
  return layout(
    ctx,
    ctx.tr.t('logout.title'),
    heading(ctx, 'logout.title') +
      `<p>${escapeText(ctx.tr.t('logout.text', { vendor: ctx.brand.name }))}</p>${providerForm}` +
      `<button type="submit" form="${escapeAttr(formId)}" name="logout" value="yes" id="sign-out">${escapeText(ctx.tr.t('logout.submit'))}</button>`,
    { after: `<script nonce="${escapeAttr(nonce)}">document.getElementById('sign-out').click()</script>` },
  );
}
