/**
 * Worked refusals of the embedded provider's sign-in pages for the OpenAPI
 * document: the form again with its sentence (pages/messages-en.ts), for the
 * demo vendor "The Daily".
 */
import { htmlPage } from '../../platform/http/problem-examples';

export const WRONG_CREDENTIALS_PAGE = htmlPage('The sign-in form again: wrong e-mail or password', 'Sign in', "That e-mail and password don't match an account.");

export const TOO_MANY_SIGN_INS_PAGE = htmlPage(
  'Too many failed sign-ins for this account from this address (30 a minute), for the account (100 an hour) or from this address (300 an hour): the page again, with Retry-After',
  'Sign in',
  'Too many failed sign-ins. Wait a minute, then try again, or e-mail yourself a sign-in code.',
);

export const tooManyMailsPage = (title: string) =>
  htmlPage(
    'Too many e-mails asked for this address (5 in 15 minutes) or from this address (30): the form again, with Retry-After',
    title,
    'Too many e-mails were asked for this address, or from your network. Wait a few minutes, then try again.',
  );

export const BAD_SIGN_UP_PAGE = htmlPage('The sign-up form again: the e-mail or password is not acceptable', 'Create an account', 'Choose a password of at least 10 characters.');

export const SIGN_UP_LINK_INVALID_PAGE = htmlPage(
  'The link is used or expired',
  'Finish creating your account',
  'This link has expired or was already used. Go back to the site and sign up again.',
);

export const RESET_LINK_INVALID_PAGE = htmlPage(
  'The link is used or expired, or the new password is too short',
  'Choose a new password',
  'This link has expired or was already used. Ask for a new one from the sign-in page.',
);

export const BAD_CODE_EMAIL_PAGE = htmlPage('The form again: not an e-mail address', 'Sign in', "That doesn't look like an e-mail address. Check it and try again.");

export const TOO_MANY_CODES_PAGE = htmlPage(
  'Too many codes for this address: the form again, with Retry-After',
  'Enter your sign-in code',
  'Too many codes were sent to this address. Wait a few minutes, then ask again.',
);

export const CODE_INVALID_PAGE = htmlPage(
  'The code page again: the code is wrong or expired',
  'Enter your sign-in code',
  'That code is not right, or it has expired. Check it, or ask for a new one.',
);

export const LINK_INVALID_PAGE = htmlPage(
  'The link is used, expired or from another browser: the code page',
  'Enter your sign-in code',
  'This sign-in link has expired, was already used, or was opened in another browser. Type the code from the e-mail instead, or ask for a new one.',
);
