import { ReaderLanguage } from './reader-language';

/** What `<service-login>` and `<service-content>` say, in English and Swedish (chosen as every component's: reader-language.ts). */
export interface LoginStrings {
  group: string;
  signedInAs: (name: string) => string;
  signOut: string;
  signOutLabel: (name: string) => string;
  signIn: string;
  /** The name when the profile has none. */
  yourAccount: string;
}

export interface ContentStrings {
  allowed: string;
  blocked: string;
}

export const LOGIN_STRINGS: Record<ReaderLanguage, LoginStrings> = {
  en: {
    group: 'Your account',
    signedInAs: (name) => `Signed in as ${name}`,
    signOut: 'Sign out',
    signOutLabel: (name) => `Sign out ${name}`,
    signIn: 'Sign in',
    yourAccount: 'your account',
  },
  sv: {
    group: 'Ditt konto',
    signedInAs: (name) => `Inloggad som ${name}`,
    signOut: 'Logga ut',
    signOutLabel: (name) => `Logga ut ${name}`,
    signIn: 'Logga in',
    yourAccount: 'ditt konto',
  },
};

export const CONTENT_STRINGS: Record<ReaderLanguage, ContentStrings> = {
  en: { allowed: 'The whole article is shown.', blocked: 'The rest of this article is for subscribers.' },
  sv: { allowed: 'Hela artikeln visas.', blocked: 'Resten av artikeln är för prenumeranter.' },
};
