/** Plain, self-contained HTML pages for sign-in; every value is escaped. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}.error{color:#b00020}.note{color:#555}
nav a{margin-right:1rem}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function errorPage(error: string, description: string): string {
  return page('Sign-in problem', `<p class="error" id="error">${escapeHtml(error)}</p><p>${escapeHtml(description)}</p>`);
}

const HEADLINES: Record<number, string> = {
  400: 'That did not work',
  401: 'You need to sign in',
  403: 'You may not do that',
  404: 'We could not find that',
  503: 'We are busy; please try again in a moment',
};

/** An error of a browser route in plain words, with a link back to the site. */
export function browserErrorPage(status: number, detail: string, code: string, backTo: string): string {
  const sentence = detail.charAt(0).toUpperCase() + detail.slice(1) + (/[.!?]$/.test(detail) ? '' : '.');
  return page(
    HEADLINES[status] ?? 'Something went wrong',
    `<p class="error" role="alert" id="error">${escapeHtml(sentence)}</p>
<p><a id="back" href="${escapeHtml(backTo)}">Go back to the site</a></p><p><small>Error ${status} (${escapeHtml(code)})</small></p>`,
  );
}

const errorLine = (message?: string) => (message ? `<p class="error" role="alert" id="error">${escapeHtml(message)}</p>` : '');

export function signInPage(action: { signIn: string; signUp: string; forgot: string }, email = '', message?: string) {
  return page(
    'Sign in',
    `${errorLine(message)}<form method="post" action="${escapeHtml(action.signIn)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" id="sign-in">Sign in</button></form>
<nav><a id="to-sign-up" href="${escapeHtml(action.signUp)}">Create an account</a><a href="${escapeHtml(action.forgot)}">Forgot your password?</a></nav>`,
  );
}

export function signUpPage(action: { signUp: string; signIn: string }, email = '', message?: string) {
  return page(
    'Create an account',
    `${errorLine(message)}<form method="post" action="${escapeHtml(action.signUp)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password (at least 10 characters)</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required>
<button type="submit" id="sign-up">Create account</button></form>
<nav><a href="${escapeHtml(action.signIn)}">I have an account</a></nav>`,
  );
}

export function forgotPage(action: string, sent: boolean) {
  return page(
    'Reset your password',
    sent
      ? '<p class="note" id="sent">If the address has an account, a link to reset the password is on its way.</p>'
      : `<form method="post" action="${escapeHtml(action)}"><label for="email">E-mail</label>
<input id="email" name="email" type="email" required><button type="submit">Send the link</button></form>`,
  );
}

export function resetPage(action: string, message?: string, done = false) {
  return page(
    'Choose a new password',
    done
      ? '<p class="note" id="done">Your password is changed. Go back to the site and sign in.</p>'
      : `${errorLine(message)}<form method="post" action="${escapeHtml(action)}">
<label for="password">New password (at least 10 characters)</label><input id="password" name="password" type="password" minlength="10" required>
<button type="submit">Change password</button></form>`,
  );
}

/** After a sign-up: the same words whether the address had an account or not. */
export function checkMailPage(email: string) {
  return page(
    'Check your e-mail',
    `<p class="note" id="check-mail">We sent a message to <strong>${escapeHtml(email)}</strong>. Open the link in it to finish; it says what to do next.</p>`,
  );
}

/** The sign-up link's page: one button, so a mail scanner that opens links creates nothing. */
export function confirmSignUpPage(action: string, message?: string) {
  return page(
    'Finish creating your account',
    `${errorLine(message)}<form method="post" action="${escapeHtml(action)}"><button type="submit" id="confirm-sign-up">Create my account</button></form>`,
  );
}

export function signUpDonePage() {
  return page('Your account is ready', '<p class="note" id="account-ready">Your account is ready. Go back to the site and sign in.</p>');
}
