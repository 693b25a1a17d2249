import { fillPlaceholders as fill } from '../shared/fill-placeholders';
import { brandedMail, MailBrand, RenderedMail } from './branded-mail';
import { MailLanguage } from './mail-language';

/**
 * The sentences of the account mails (sign-up, password reset, sign-in
 * code), the gift notice and the receipt mail's footer; `{name}` marks a
 * value. Every language has every key (a test checks).
 */
export const ACCOUNT_MAIL_MESSAGES = {
  en: {
    'account.footer': 'You get this e-mail because someone entered this address at {vendor}.',
    'signUp.subject': 'Finish creating your {vendor} account',
    'signUp.heading': 'Confirm your e-mail address',
    'signUp.body': 'Someone asked for an account at {vendor} with this address. If it was you, open the link within a day to finish.',
    'signUp.ignore': 'If it was not you, ignore this message; no account is made.',
    'signUp.button': 'Create my account',
    'exists.subject': 'You already have a {vendor} account',
    'exists.heading': 'You already have an account',
    'exists.body': 'Someone asked for a new account at {vendor} with this address, but it already has one. Sign in with your password, or choose a new one within an hour.',
    'exists.ignore': 'If it was not you, ignore this message; nothing changes.',
    'exists.button': 'Choose a new password',
    'reset.subject': 'Reset your {vendor} password',
    'reset.heading': 'Choose a new password',
    'reset.body': 'Someone asked to reset the password of your account at {vendor}. If it was you, open the link within an hour.',
    'reset.ignore': 'If it was not you, ignore this message; nothing changes.',
    'reset.button': 'Choose a new password',
    'code.subject': 'Your sign-in code: {code}',
    'code.heading': 'Your sign-in code',
    'code.signIn': 'To sign in to {vendor}, enter this code:',
    'code.checkout': 'To read what you bought at {vendor} on this device, enter this code:',
    'code.orLink': 'Or open the link. The code and the link work once, within 15 minutes.',
    'code.ignore': 'If you did not ask for them, ignore this message; nothing changes.',
    'code.button': 'Sign in',
    'gift.subject': 'A gift for you from {vendor}: {titles}',
    'gift.heading': 'You have received a gift',
    'gift.body': '{from} gave you {titles}.',
    'gift.redeem': 'It is yours on this e-mail address ({email}): sign in or create an account with it to use it.',
    'gift.someone': 'Someone',
    'gift.button': 'Redeem your gift',
    'gift.footer': 'You get this e-mail because someone gave you a gift at {vendor}.',
    'receipt.footer': 'You get this e-mail because you paid {vendor}.',
    'guessed.subject': 'Failed sign-ins to your {vendor} account',
    'guessed.heading': 'Someone is trying your password',
    'guessed.body': 'There were many failed sign-ins to your account at {vendor} with a wrong password. For now, sign-ins to it are slowed down.',
    'guessed.advice': 'If it was you, wait a few minutes and try again, or sign in with a code sent by e-mail. If it was not you, your account is still safe while the password is not guessed: choose a new, longer password through "Forgot password" on the sign-in page.',
    'guessed.footer': 'You get this e-mail because this address has an account at {vendor}.',
  },
  sv: {
    'account.footer': 'Du får det här mejlet eftersom någon angav den här adressen hos {vendor}.',
    'signUp.subject': 'Slutför ditt konto hos {vendor}',
    'signUp.heading': 'Bekräfta din e-postadress',
    'signUp.body': 'Någon bad om ett konto hos {vendor} med den här adressen. Om det var du, öppna länken inom ett dygn för att slutföra.',
    'signUp.ignore': 'Om det inte var du kan du strunta i det här meddelandet; inget konto skapas.',
    'signUp.button': 'Skapa mitt konto',
    'exists.subject': 'Du har redan ett konto hos {vendor}',
    'exists.heading': 'Du har redan ett konto',
    'exists.body': 'Någon bad om ett nytt konto hos {vendor} med den här adressen, men den har redan ett. Logga in med ditt lösenord, eller välj ett nytt inom en timme.',
    'exists.ignore': 'Om det inte var du kan du strunta i det här meddelandet; ingenting ändras.',
    'exists.button': 'Välj ett nytt lösenord',
    'reset.subject': 'Återställ ditt lösenord hos {vendor}',
    'reset.heading': 'Välj ett nytt lösenord',
    'reset.body': 'Någon bad om att återställa lösenordet till ditt konto hos {vendor}. Om det var du, öppna länken inom en timme.',
    'reset.ignore': 'Om det inte var du kan du strunta i det här meddelandet; ingenting ändras.',
    'reset.button': 'Välj ett nytt lösenord',
    'code.subject': 'Din inloggningskod: {code}',
    'code.heading': 'Din inloggningskod',
    'code.signIn': 'För att logga in hos {vendor}, ange den här koden:',
    'code.checkout': 'För att läsa det du köpte hos {vendor} på den här enheten, ange den här koden:',
    'code.orLink': 'Eller öppna länken. Koden och länken fungerar en gång, inom 15 minuter.',
    'code.ignore': 'Om du inte bad om dem kan du strunta i det här meddelandet; ingenting ändras.',
    'code.button': 'Logga in',
    'gift.subject': 'En gåva till dig från {vendor}: {titles}',
    'gift.heading': 'Du har fått en gåva',
    'gift.body': '{from} gav dig {titles}.',
    'gift.redeem': 'Den är din på den här e-postadressen ({email}): logga in eller skapa ett konto med den för att använda den.',
    'gift.someone': 'Någon',
    'gift.button': 'Lös in din gåva',
    'gift.footer': 'Du får det här mejlet eftersom någon gav dig en gåva hos {vendor}.',
    'receipt.footer': 'Du får det här mejlet eftersom du har betalat {vendor}.',
    'guessed.subject': 'Misslyckade inloggningar till ditt konto hos {vendor}',
    'guessed.heading': 'Någon försöker gissa ditt lösenord',
    'guessed.body': 'Det har gjorts många misslyckade inloggningar med fel lösenord till ditt konto hos {vendor}. Inloggningar till kontot går därför långsammare en stund.',
    'guessed.advice': 'Om det var du, vänta några minuter och försök igen, eller logga in med en kod via e-post. Om det inte var du är kontot fortfarande säkert så länge lösenordet inte gissas: välj ett nytt, längre lösenord via "Glömt lösenordet" på inloggningssidan.',
    'guessed.footer': 'Du får det här mejlet eftersom den här adressen har ett konto hos {vendor}.',
  },
} as const satisfies Record<MailLanguage, Record<string, string>>;

export type AccountMailKey = keyof (typeof ACCOUNT_MAIL_MESSAGES)['en'];

/** One account-mail sentence in `lang`, with the vendor's name and `values` filled in. */
export function accountMailWord(lang: MailLanguage, brand: MailBrand, key: AccountMailKey, values: Record<string, string> = {}): string {
  return fill(ACCOUNT_MAIL_MESSAGES[lang][key], { vendor: brand.vendorName, ...values });
}

/** Who gets an account mail and how it looks. */
export interface AccountMailContext {
  readonly lang: MailLanguage;
  readonly brand: MailBrand;
}

function linkMail(c: AccountMailContext, prefix: 'signUp' | 'exists' | 'reset', url: string): RenderedMail {
  const t = (key: AccountMailKey) => accountMailWord(c.lang, c.brand, key);
  return brandedMail(c.brand, {
    lang: c.lang,
    subject: t(`${prefix}.subject`),
    heading: t(`${prefix}.heading`),
    paragraphs: [t(`${prefix}.body`), t(`${prefix}.ignore`)],
    button: { label: t(`${prefix}.button`), url },
    footer: t('account.footer'),
  });
}

/** The link that finishes a sign-up. */
export const signUpConfirmationMail = (c: AccountMailContext, confirmUrl: string) => linkMail(c, 'signUp', confirmUrl);
/** A sign-up with the address of an existing account: sign in, or choose a new password. */
export const accountExistsMail = (c: AccountMailContext, resetUrl: string) => linkMail(c, 'exists', resetUrl);
/** The password reset link. */
export const passwordResetMail = (c: AccountMailContext, resetUrl: string) => linkMail(c, 'reset', resetUrl);

/** A one-time sign-in code and link: to sign in, or to read what was just bought (`checkout`). */
export function signInCodeMail(c: AccountMailContext, code: string, link: string, purpose: 'sign-in' | 'checkout'): RenderedMail {
  const t = (key: AccountMailKey) => accountMailWord(c.lang, c.brand, key, { code });
  return brandedMail(c.brand, {
    lang: c.lang,
    subject: t('code.subject'),
    heading: t('code.heading'),
    paragraphs: [t(purpose === 'checkout' ? 'code.checkout' : 'code.signIn')],
    code,
    button: { label: t('code.button'), url: link },
    notes: [t('code.orLink'), t('code.ignore')],
    footer: t('account.footer'),
  });
}

/** A gift's notice to its recipient: who gave what, and where to redeem it. */
export function giftReceivedMail(c: AccountMailContext, gift: { from: string | null; titles: string; email: string; redeemUrl: string }): RenderedMail {
  const values = { titles: gift.titles, email: gift.email, from: gift.from ?? accountMailWord(c.lang, c.brand, 'gift.someone') };
  const t = (key: AccountMailKey) => accountMailWord(c.lang, c.brand, key, values);
  return brandedMail(c.brand, {
    lang: c.lang,
    subject: t('gift.subject'),
    heading: t('gift.heading'),
    paragraphs: [t('gift.body'), t('gift.redeem')],
    button: { label: t('gift.button'), url: gift.redeemUrl },
    footer: t('gift.footer'),
  });
}

/** To an account's owner when its failed sign-ins reached a limit (at most once an hour): what happened and what to do. */
export function failedSignInsMail(c: AccountMailContext): RenderedMail {
  const t = (key: AccountMailKey) => accountMailWord(c.lang, c.brand, key);
  return brandedMail(c.brand, {
    lang: c.lang,
    subject: t('guessed.subject'),
    heading: t('guessed.heading'),
    paragraphs: [t('guessed.body'), t('guessed.advice')],
    footer: t('guessed.footer'),
  });
}
