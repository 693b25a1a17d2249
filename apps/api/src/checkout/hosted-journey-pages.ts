import { CheckoutSnapshot } from '@kiosk/domain/checkout';
import { checkoutText } from './checkout-messages';
import { escapeHtml, frame, PageFrame } from './hosted-pages';

/**
 * The receipt's offer to a payer whose e-mail already had an account: the
 * purchase is on that account, and this browser is signed in only after a
 * code mailed to the address proves control of it. In the page's language.
 */
export function proofOffer(s: CheckoutSnapshot, action: string, language: string | null = null): string {
  const t = checkoutText(language);
  const email = `<strong id="account-email">${escapeHtml(s.payer?.email ?? '')}</strong>`;
  return `<section aria-labelledby="sign-in-title" id="sign-in-offer"><h2 id="sign-in-title">${t('proof.title')}</h2>
<p>${t('proof.text', { email })}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" id="send-code">${t('proof.send')}</button></form></section>`;
}

/** The page to type the mailed code on. */
export function codeEntryPage(f: PageFrame, s: CheckoutSnapshot, actions: { verify: string; resend: string }, state: { challenge: string; error?: string }): string {
  const t = checkoutText(f.language);
  const error = state.error ? `<div class="error" role="alert" id="error">${escapeHtml(state.error)}</div>` : '';
  return frame(
    f,
    `<h1>${t('title.signInCode')}</h1>${error}
<section><p id="code-sent">${t('signInCode.sent', { email: `<strong>${escapeHtml(s.payer?.email ?? '')}</strong>` })}</p>
<form method="post" action="${escapeHtml(actions.verify)}">
<input type="hidden" name="challenge" value="${escapeHtml(state.challenge)}">
<label for="code">${t('signInCode.label')}</label>
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required${state.error ? ' aria-invalid="true" aria-describedby="error"' : ''}>
<button type="submit" id="verify-code">${t('signInCode.verify')}</button></form>
<form method="post" action="${escapeHtml(actions.resend)}"><button type="submit" class="secondary" id="resend-code">${t('signInCode.resend')}</button></form></section>`,
  );
}

/** The mailed link's landing page: one button (mail scanners that open links do not spend it). */
export function linkConfirmPage(f: PageFrame, action: string, secret: string): string {
  const t = checkoutText(f.language);
  return frame(
    f,
    `<h1>${t('title.signInLink')}</h1>
<section><p>${t('signInLink.text', { vendor: escapeHtml(f.vendorName) })}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="s" value="${escapeHtml(secret)}">
<button type="submit" id="confirm-link">${t('signInCode.verify')}</button></form></section>`,
  );
}
