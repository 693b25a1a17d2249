import { CheckoutSnapshot } from '@kiosk/domain/checkout';
import { escapeHtml, frame, PageFrame } from './hosted-pages';

/**
 * The receipt's offer to a payer whose e-mail already had an account: the
 * purchase is on that account, and this browser is signed in only after a
 * code mailed to the address proves control of it.
 */
export function proofOffer(s: CheckoutSnapshot, action: string): string {
  return `<section aria-labelledby="sign-in-title" id="sign-in-offer"><h2 id="sign-in-title">Read it on this device</h2>
<p>This purchase is on your account <strong id="account-email">${escapeHtml(s.payer?.email ?? '')}</strong>. To read it here, sign in: we e-mail you a 6-digit code.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" id="send-code">E-mail me a sign-in code</button></form></section>`;
}

/** The page to type the mailed code on. */
export function codeEntryPage(f: PageFrame, s: CheckoutSnapshot, actions: { verify: string; resend: string }, state: { challenge: string; error?: string }): string {
  const error = state.error ? `<div class="error" role="alert" id="error">${escapeHtml(state.error)}</div>` : '';
  return frame(
    f,
    `<h1>Enter your sign-in code</h1>${error}
<section><p id="code-sent">We sent a 6-digit code to <strong>${escapeHtml(s.payer?.email ?? '')}</strong>. It works once, within 15 minutes. The e-mail also has a link that signs you in with one click.</p>
<form method="post" action="${escapeHtml(actions.verify)}">
<input type="hidden" name="challenge" value="${escapeHtml(state.challenge)}">
<label for="code">Sign-in code</label>
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required${state.error ? ' aria-invalid="true" aria-describedby="error"' : ''}>
<button type="submit" id="verify-code">Sign in and continue</button></form>
<form method="post" action="${escapeHtml(actions.resend)}"><button type="submit" class="secondary" id="resend-code">Send a new code</button></form></section>`,
  );
}

/** The mailed link's landing page: one button (mail scanners that open links do not spend it). */
export function linkConfirmPage(f: PageFrame, action: string, secret: string): string {
  return frame(
    f,
    `<h1>Sign in to read</h1>
<section><p>Continue to ${escapeHtml(f.vendorName)} signed in on this device.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="s" value="${escapeHtml(secret)}">
<button type="submit" id="confirm-link">Sign in and continue</button></form></section>`,
  );
}
