/**
 * Every sentence of the sign-in pages, in English: the catalogue's reference
 * language (a key missing in another language falls back to this one, and a
 * vendor may override only keys that exist here). Plain text; `{{name}}`
 * marks a value filled in when the page is made. Keys are flat, so a vendor's
 * override names one sentence: `"signIn.title"`.
 */
export const EN = {
  'service.name': 'Sign-in',
  'footer.signIn': 'Your sign-in for {{vendor}} is kept on this secure service.',
  'back.site': 'Go back to the site',

  'field.email': 'E-mail',
  'field.password': 'Password',
  'field.newPassword': 'New password',
  'field.passwordHint': 'At least 10 characters.',

  'signIn.title': 'Sign in',
  'signIn.lead': 'Sign in to {{vendor}} with your e-mail and password.',
  'signIn.submit': 'Sign in',
  'signIn.toSignUp': 'New here? Create an account',
  'signIn.toForgot': 'Forgot your password?',
  'signIn.emailCode': 'E-mail me a sign-in code',

  'code.title': 'Enter your sign-in code',
  'code.lead': 'If {{email}} has an account at {{vendor}}, we sent it a 6-digit code. It works once, within 15 minutes. The e-mail also has a link that signs you in with one click.',
  'code.field': 'Sign-in code',
  'code.submit': 'Sign in',
  'code.resend': 'Send a new code',
  'code.toSignIn': 'Sign in with a password instead',
  'code.linkTitle': 'Sign in to {{vendor}}',
  'code.linkLead': 'Press the button to finish signing in.',
  'code.linkSubmit': 'Sign in',
  'staffLink.title': 'Sign in to the {{vendor}} portal',
  'staffLink.lead': 'This one-time link signs you in to the staff portal. It works once, in this browser.',
  'staffLink.submit': 'Open the portal',
  'staffLink.invalid': 'This sign-in link has been used or has expired. Sign in to the portal with your e-mail address instead.',
  'staffLink.signIn': 'Sign in to the portal',
  'error.codeInvalid': 'That code is not right, or it has expired. Check it, or ask for a new one.',
  'error.linkInvalid': 'This sign-in link has expired, was already used, or was opened in another browser. Type the code from the e-mail instead, or ask for a new one.',
  'error.tooManyCodes': 'Too many codes were sent to this address. Wait a few minutes, then ask again.',
  'error.tooManyMails': 'Too many e-mails were asked for this address, or from your network. Wait a few minutes, then try again.',

  'signUp.title': 'Create an account',
  'signUp.lead': "Create your account for {{vendor}}. We'll send a link to your e-mail to finish.",
  'signUp.submit': 'Create account',
  'signUp.toSignIn': 'Already have an account? Sign in',

  'checkMail.title': 'Check your e-mail',
  'checkMail.text': 'We sent a message to {{email}}. Open the link in it to finish; it says what to do next.',

  'confirm.title': 'Finish creating your account',
  'confirm.lead': 'Press the button to create your account for {{vendor}}.',
  'confirm.submit': 'Create my account',

  'done.title': 'Your account is ready',
  'done.text': 'Your account is ready. Go back to the site and sign in.',

  'forgot.title': 'Reset your password',
  'forgot.lead': "Enter the e-mail you use for {{vendor}}. We'll send you a link to choose a new password.",
  'forgot.submit': 'Send the link',
  'forgot.sent': 'If that address has an account, a link to choose a new password is on its way. It works for one hour.',
  'forgot.toSignIn': 'Back to sign in',

  'reset.title': 'Choose a new password',
  'reset.lead': 'Choose a new password for your {{vendor}} account.',
  'reset.submit': 'Change password',
  'reset.done': 'Your password is changed. Go back to the site and sign in.',

  'expired.title': 'Your sign-in has expired',
  'expired.text': 'The sign-in page was open too long, or it was started in another browser. Go back to the site and start signing in again.',

  'signedOut.title': 'You are signed out',
  'signedOut.text': 'You are signed out of {{vendor}}.',
  'confirmSignOut.title': 'Sign out?',
  'confirmSignOut.text': 'Another website asked to sign you out of {{vendor}}. Sign out only if you meant to.',
  'confirmSignOut.submit': 'Sign out',
  'confirmSignOut.stay': 'Stay signed in',
  'logout.title': 'Signing out',
  'logout.text': 'Signing you out of {{vendor}}…',
  'logout.submit': 'Sign out',

  'error.wrongCredentials': "That e-mail and password don't match an account.",
  'error.weakPassword': 'Choose a password of at least 10 characters.',
  'error.badEmail': "That doesn't look like an e-mail address. Check it and try again.",
  'error.signUpLinkInvalid': 'This link has expired or was already used. Go back to the site and sign up again.',
  'error.resetLinkInvalid': 'This link has expired or was already used. Ask for a new one from the sign-in page.',
  'error.generic': 'Something went wrong. Please try again.',
  'error.tooManySignIns': 'Too many failed sign-ins. Wait a minute, then try again, or e-mail yourself a sign-in code.',

  'status.400': 'That did not work',
  'status.401': 'You need to sign in',
  'status.403': 'You may not do that',
  'status.404': 'We could not find that',
  'status.503': 'We are busy; please try again in a moment',
  'status.other': 'Something went wrong',
  'problem.technical': 'Details for support: {{detail}} (error {{status}}, {{code}})',

  'problem.AUTH.RETURN_TO_NOT_ALLOWED': "The address to come back to after signing in isn't one this site has registered.",
  'problem.AUTH.UNKNOWN_CLIENT': "We don't recognise this sign-in link. Go back to the site and try again.",
  'problem.AUTH.LOGIN_EXPIRED': 'The sign-in took too long or was started in another browser. Please sign in again.',
  'problem.AUTH.LOGIN_FAILED': "The sign-in couldn't be finished. Please try again.",
  'problem.AUTH.ACCESS_DENIED': 'The sign-in was cancelled.',
  'problem.AUTH.SIGN_IN_REQUIRED': 'Sign in first, then try again.',
  'problem.AUTH.NO_ACCESS_SYNC': "This site hasn't set up linking with the streaming service.",
  'problem.AUTH.PROVIDER_UNREACHABLE': "Sign-in isn't available right now. Please try again in a moment.",

  'provider.title': "We couldn't sign you in",
  'provider.technical': 'Details for support: {{detail}}',
  'provider.generic': 'Something went wrong with the sign-in. Go back to the site and try again.',
  'provider.invalid_request': "The sign-in link isn't complete or has expired. Go back to the site and try again.",
  'provider.invalid_client': "We don't recognise the site that sent you here. Go back to the site and try again.",
  'provider.invalid_redirect_uri': "The site that sent you here isn't set up for signing in yet.",
  'provider.access_denied': 'The sign-in was cancelled.',
  'provider.temporarily_unavailable': "Sign-in isn't available right now. Please try again in a moment.",
  'provider.server_error': 'Something went wrong on our side. Please try again in a moment.',
} as const;

export type MessageKey = keyof typeof EN;
