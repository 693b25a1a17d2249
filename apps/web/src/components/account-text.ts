import { ReaderLanguage } from './reader-language';

/**
 * What `<service-account>` says, in English and Swedish (every key in each:
 * the type checks it, and the catalogue test compares them). Values the
 * service answers (product names, e-mail) are the reader's and vendor's own.
 */
export interface AccountStrings {
  heading: string;
  loadFailed: string;
  cancelled: string;
  cancelFailed: (why: string | null) => string;
  loading: string;
  signedOut: string;
  signIn: string;
  profile: string;
  name: string;
  email: string;
  subscriptions: string;
  noSubscriptions: string;
  status: (status: string) => string;
  cancel: string;
  cancelLabel: (title: string) => string;
  why: string;
  confirmCancel: string;
  keep: string;
  bills: string;
  noBills: string;
  receipt: string;
  receiptLabel: (title: string, date: string) => string;
  subscription: string;
  bill: string;
  endsOn: (date: string) => string;
  renewsOn: (date: string) => string;
  /** Contract (interface 3) and bill statuses, lower case, in words. */
  statuses: Record<string, string>;
}

export const ACCOUNT_STRINGS: Record<ReaderLanguage, AccountStrings> = {
  en: {
    heading: 'Your account',
    loadFailed: 'Your account could not be loaded. Try again later.',
    cancelled: 'Your subscription is cancelled. You keep access until the end of the period you paid for.',
    cancelFailed: (why) => `The subscription could not be cancelled: ${why ?? 'try again later'}.`,
    loading: 'Loading…',
    signedOut: 'Sign in to see your subscriptions and bills.',
    signIn: 'Sign in',
    profile: 'Profile',
    name: 'Name',
    email: 'E-mail',
    subscriptions: 'Subscriptions',
    noSubscriptions: 'You have no subscriptions.',
    status: (status) => `Status: ${status}`,
    cancel: 'Cancel subscription',
    cancelLabel: (title) => `Cancel subscription: ${title}`,
    why: 'Why are you cancelling? (optional)',
    confirmCancel: 'Confirm cancellation',
    keep: 'Keep subscription',
    bills: 'Bills',
    noBills: 'You have no bills yet.',
    receipt: 'Receipt',
    receiptLabel: (title, date) => `Receipt: ${title}, ${date} (opens in a new tab)`,
    subscription: 'Subscription',
    bill: 'Bill',
    endsOn: (date) => `Ends on ${date}`,
    renewsOn: (date) => `Renews on ${date}`,
    statuses: {
      pending: 'pending', active: 'active', forthcoming: 'forthcoming', overdue: 'overdue', canceled: 'cancelled',
      draft: 'draft', open: 'open', paid: 'paid', void: 'void', expired: 'expired', refunded: 'refunded', unknown: 'unknown',
    },
  },
  sv: {
    heading: 'Ditt konto',
    loadFailed: 'Ditt konto kunde inte läsas in. Försök igen senare.',
    cancelled: 'Din prenumeration är uppsagd. Du har kvar tillgången till slutet av perioden du har betalat för.',
    cancelFailed: () => 'Prenumerationen kunde inte sägas upp. Försök igen senare.',
    loading: 'Laddar…',
    signedOut: 'Logga in för att se dina prenumerationer och fakturor.',
    signIn: 'Logga in',
    profile: 'Profil',
    name: 'Namn',
    email: 'E-post',
    subscriptions: 'Prenumerationer',
    noSubscriptions: 'Du har inga prenumerationer.',
    status: (status) => `Status: ${status}`,
    cancel: 'Säg upp prenumerationen',
    cancelLabel: (title) => `Säg upp prenumerationen: ${title}`,
    why: 'Varför säger du upp? (valfritt)',
    confirmCancel: 'Bekräfta uppsägningen',
    keep: 'Behåll prenumerationen',
    bills: 'Fakturor',
    noBills: 'Du har inga fakturor än.',
    receipt: 'Kvitto',
    receiptLabel: (title, date) => `Kvitto: ${title}, ${date} (öppnas i en ny flik)`,
    subscription: 'Prenumeration',
    bill: 'Faktura',
    endsOn: (date) => `Upphör ${date}`,
    renewsOn: (date) => `Förnyas ${date}`,
    statuses: {
      pending: 'väntar', active: 'aktiv', forthcoming: 'kommande', overdue: 'förfallen', canceled: 'uppsagd',
      draft: 'utkast', open: 'obetald', paid: 'betald', void: 'makulerad', expired: 'utgången', refunded: 'återbetald', unknown: 'okänd',
    },
  },
};

/** A status in the reader's words; an unknown one as it came. */
export const statusText = (status: string, lang: ReaderLanguage) => {
  const words = ACCOUNT_STRINGS[lang].statuses;
  if (status === '') return words.unknown;
  return Object.hasOwn(words, status) ? words[status] : status;
};
