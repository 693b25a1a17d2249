import { ACCOUNT_STRINGS, statusText } from './account-text';
import { ReaderLanguage } from './reader-language';
import { day, money, plain } from './shared';

/** What `<service-account>` shows: the reader's profile, contracts and bills as rows of text; pure, so it is tested without a browser. */
export interface ContractLike {
  id?: unknown;
  name?: unknown;
  status?: unknown;
  price?: unknown;
  currency?: unknown;
  nextBillAt?: unknown;
  willCancelAt?: unknown;
  cancelRequestedAt?: unknown;
  expiresAt?: unknown;
  items?: { name?: unknown; purchaseOptionName?: unknown }[];
}

export interface BillLike {
  id?: unknown;
  price?: unknown;
  currency?: unknown;
  status?: unknown;
  receiptUrl?: unknown;
  createdAt?: unknown;
  items?: { title?: unknown }[];
}

export interface ContractRow {
  id: string;
  title: string;
  /** The status code, lower case (`active`); `statusText` in the reader's words. */
  status: string;
  statusText: string;
  price: string;
  /** "Renews on …", "Ends on …" or empty. */
  when: string;
  cancellable: boolean;
}

export interface BillRow {
  id: string;
  title: string;
  date: string;
  amount: string;
  status: string;
  statusText: string;
  /** Only an http(s) address; null otherwise. */
  receiptUrl: string | null;
}

export interface AccountView {
  name: string;
  email: string;
  contracts: ContractRow[];
  bills: BillRow[];
}

const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const amount = (price: unknown, currency: unknown, lang: ReaderLanguage) => (typeof price === 'number' && Number.isFinite(price) ? money(price, str(currency), lang).trim() : '');

/** An address the page may link to: absolute http(s) only (never `javascript:` or `data:`). */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Contracts that still renew can be cancelled; one already cancelled or ending cannot. */
export function isCancellable(contract: ContractLike): boolean {
  const status = str(contract.status).toUpperCase();
  return ['ACTIVE', 'OVERDUE', 'FORTHCOMING'].includes(status) && !contract.willCancelAt && !contract.cancelRequestedAt;
}

export function contractRow(contract: ContractLike, lang: ReaderLanguage = 'en'): ContractRow {
  const words = ACCOUNT_STRINGS[lang];
  const itemNames = list<{ name?: unknown }>(contract.items)
    .map((i) => plain(str(i.name)))
    .filter(Boolean);
  const title = plain(str(contract.name)) || itemNames.join(', ') || words.subscription;
  const ends = contract.willCancelAt ?? contract.expiresAt;
  const when = contract.willCancelAt || (str(contract.status).toUpperCase() === 'CANCELED' && ends)
    ? words.endsOn(day(ends, lang))
    : contract.nextBillAt
      ? words.renewsOn(day(contract.nextBillAt, lang))
      : '';
  const status = str(contract.status).toLowerCase();
  return { id: str(contract.id), title, status, statusText: statusText(status, lang), price: amount(contract.price, contract.currency, lang), when, cancellable: isCancellable(contract) };
}

export function billRow(bill: BillLike, lang: ReaderLanguage = 'en'): BillRow {
  const title = list<{ title?: unknown }>(bill.items)
    .map((i) => plain(str(i.title)))
    .filter(Boolean)
    .join(', ');
  return {
    id: str(bill.id),
    title: title || ACCOUNT_STRINGS[lang].bill,
    date: day(bill.createdAt, lang),
    amount: amount(bill.price, bill.currency, lang),
    status: str(bill.status).toLowerCase(),
    statusText: statusText(str(bill.status).toLowerCase(), lang),
    receiptUrl: safeLink(bill.receiptUrl),
  };
}

export function accountView(profile: unknown, contracts: unknown, bills: unknown, lang: ReaderLanguage = 'en'): AccountView {
  const p = (typeof profile === 'object' && profile !== null ? profile : {}) as Record<string, unknown>;
  const joined = [str(p.given_name) || str(p.firstName), str(p.family_name) || str(p.lastName)].filter(Boolean).join(' ');
  return {
    name: plain(str(p.name) || joined),
    email: plain(str(p.email)),
    contracts: list<ContractLike>(contracts).map((c) => contractRow(c, lang)),
    bills: list<BillLike>(bills).map((b) => billRow(b, lang)),
  };
}
