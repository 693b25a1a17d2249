import { AccountView, accountView, ContractRow } from './account-view';
import { ACCOUNT_STRINGS, AccountStrings } from './account-text';
import { languageOf, ReaderLanguage } from './reader-language';
import { applyVendorColour, button, element, follow, service, styleElement } from './shared';

const STYLE = `
ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 10px; }
li { border: 1px solid var(--service-border, #e4e4e7); border-radius: 10px; padding: 12px; }
.row { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; align-items: baseline; }
.title { font-weight: 600; }
.actions { margin-top: 10px; display: flex; flex-wrap: wrap; gap: 8px; }
form.confirm { margin-top: 10px; display: grid; gap: 8px; }
label { font-weight: 600; }
input[type=text] { font: inherit; padding: 8px 10px; min-height: 44px; border: 1px solid #71717a; border-radius: 8px; width: 100%; }
dl { margin: 0; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; }
.row > * { min-width: 0; overflow-wrap: anywhere; }
dt { color: var(--service-muted, #52525b); }
dd { margin: 0; overflow-wrap: anywhere; }
.box { border-top: 4px solid var(--service-color, #1d4ed8); }
dd.email { overflow-wrap: break-word; word-break: normal; }
`;

/**
 * An e-mail address that wraps where a reader expects it to: a break
 * opportunity after "@", ".", "-" and "_", so a long address goes on the
 * next line at a boundary instead of breaking mid-word or widening the page.
 */
export function wrappableAddress(address: string): (string | HTMLElement)[] {
  const pieces = address.match(/[^@._-]*[@._-]?/g)?.filter(Boolean) ?? [address];
  return pieces.flatMap((piece, i) => (i === 0 ? [piece] : [document.createElement('wbr'), piece]));
}

/**
 * `<service-account>`: the signed-in reader's page of interface 4.3 reader
 * routes: their profile (`GET /profile`), contracts (`GET /contracts`, with
 * cancel through `POST /contracts/{id}/cancel`) and bills (`GET /bills`,
 * with links to receipts). Signed out, it offers sign-in. Everything the
 * service answers is shown as text; receipt links must be http(s).
 * Attribute `heading`: the component's own heading ("Your account" by
 * default); `heading=""` leaves it out for a page whose own heading says it
 * already, and the sections' headings then rank one level higher, so each
 * heading shows once. Sign-out is the page's (its header or
 * `<service-login>`), so it shows once too. Long addresses wrap, never
 * widen the page (390 px).
 */
export class ServiceAccount extends HTMLElement {
  private stop: (() => void) | undefined;
  private view: AccountView | null | undefined;
  private problem = '';
  private notice = '';
  /** The contract whose cancellation is being confirmed. */
  private confirming: string | null = null;

  static get observedAttributes() {
    return ['lang', 'heading'];
  }

  attributeChangedCallback() {
    if (this.shadowRoot) void this.load();
  }

  /** The reader's language (reader-language.ts): the page's `lang`, the configuration's `locale`, the browser's, the vendor's default. */
  language(): ReaderLanguage {
    return languageOf(this, service()?.config as { locale?: unknown; defaultLanguage?: unknown } | undefined);
  }

  private get words(): AccountStrings {
    return ACCOUNT_STRINGS[this.language()];
  }

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    this.render();
    this.stop = follow(['serviceJsAuthenticated', 'serviceJsLogout', 'serviceJsPurchase'], () => void this.load());
  }

  disconnectedCallback() {
    this.stop?.();
  }

  /** Reads the account again. */
  async load(): Promise<void> {
    const s = service();
    if (!s?.auth) return;
    applyVendorColour(this, s.config?.theme?.color);
    try {
      if (!(await s.auth.isAuthenticated())) {
        this.view = null;
      } else {
        const [profile, contracts, bills] = await Promise.all([
          s.profile?.get().catch(() => null),
          s.contracts?.list().catch(() => []),
          s.bills?.list().catch(() => []),
        ]);
        this.view = accountView(profile, contracts, bills, this.language());
      }
      this.problem = '';
    } catch {
      this.problem = this.words.loadFailed;
    }
    this.render();
  }

  private async cancel(contractId: string, reason: string) {
    const contracts = service()?.contracts;
    if (!contracts) return;
    try {
      await contracts.cancel(contractId, { reason: reason || 'No reason given', comment: '' });
      this.notice = this.words.cancelled;
      this.confirming = null;
      await this.load();
    } catch (error) {
      this.problem = this.words.cancelFailed(error instanceof Error ? error.message : null);
      this.render();
    }
    this.shadowRoot?.querySelector<HTMLElement>('[role=status], [role=alert]')?.focus();
  }

  private render() {
    const root = this.shadowRoot;
    if (!root) return;
    const words = this.words;
    const box = element('section', 'box');
    const heading = this.getAttribute('heading') ?? words.heading;
    if (heading.trim() === '') {
      box.setAttribute('aria-label', words.heading);
    } else {
      box.setAttribute('aria-labelledby', 'account-title');
      const title = element('h2', '', heading);
      title.id = 'account-title';
      box.append(title);
    }
    if (this.problem) {
      const alert = element('p', 'error', this.problem);
      alert.setAttribute('role', 'alert');
      alert.tabIndex = -1;
      box.append(alert);
    }
    if (this.notice) {
      const status = element('p', '', this.notice);
      status.setAttribute('role', 'status');
      status.tabIndex = -1;
      box.append(status);
    }
    const view = this.view;
    if (view === undefined) {
      box.append(element('p', 'muted', words.loading));
    } else if (view === null) {
      box.append(element('p', '', words.signedOut));
      box.append(button('primary login', words.signIn, () => service()?.auth?.loginWithRedirect()));
    } else {
      box.append(this.profileSection(view), this.contractsSection(view), this.billsSection(view));
    }
    root.replaceChildren(styleElement(STYLE), box);
  }

  /** A section's heading: h3 under the component's own h2, h2 when the page's heading stands for it. */
  private sectionHeading(text: string) {
    return element((this.getAttribute('heading') ?? 'x').trim() === '' ? 'h2' : 'h3', '', text);
  }

  private profileSection(view: AccountView) {
    const section = element('section', 'profile');
    section.append(this.sectionHeading(this.words.profile));
    const facts = element('dl');
    if (view.name) facts.append(element('dt', '', this.words.name), element('dd', '', view.name));
    const email = element('dd', 'email');
    email.append(...(view.email ? wrappableAddress(view.email) : ['—']));
    facts.append(element('dt', '', this.words.email), email);
    section.append(facts);
    return section;
  }

  private contractsSection(view: AccountView) {
    const section = element('section', 'contracts');
    section.append(this.sectionHeading(this.words.subscriptions));
    if (view.contracts.length === 0) {
      section.append(element('p', 'muted', this.words.noSubscriptions));
      return section;
    }
    const items = element('ul');
    for (const contract of view.contracts) items.append(this.contractItem(contract));
    section.append(items);
    return section;
  }

  private contractItem(contract: ContractRow) {
    const item = element('li', 'contract');
    item.dataset.contractId = contract.id;
    const head = element('div', 'row');
    head.append(element('span', 'title', contract.title), element('span', '', contract.price));
    item.append(head);
    const facts = element('div', 'row muted');
    facts.append(element('span', 'status', this.words.status(contract.statusText)), element('span', 'when', contract.when));
    item.append(facts);
    if (!contract.cancellable) return item;
    if (this.confirming !== contract.id) {
      const actions = element('div', 'actions');
      actions.append(
        button('secondary cancel', this.words.cancel, () => {
          this.confirming = contract.id;
          this.notice = '';
          this.render();
          this.shadowRoot?.querySelector<HTMLInputElement>('form.confirm input')?.focus();
        }, this.words.cancelLabel(contract.title)),
      );
      item.append(actions);
      return item;
    }
    const form = element('form', 'confirm');
    const inputId = `reason-${contract.id.replace(/[^A-Za-z0-9_-]/g, '')}`;
    const label = element('label', '', this.words.why);
    label.htmlFor = inputId;
    const input = element('input');
    input.type = 'text';
    input.id = inputId;
    input.name = 'reason';
    input.maxLength = 500;
    input.autocomplete = 'off';
    const actions = element('div', 'actions');
    const confirm = element('button', 'primary confirm-cancel', this.words.confirmCancel);
    confirm.type = 'submit';
    actions.append(
      confirm,
      button('secondary keep', this.words.keep, () => {
        this.confirming = null;
        this.render();
      }),
    );
    form.append(label, input, actions);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      confirm.disabled = true;
      void this.cancel(contract.id, input.value.trim());
    });
    item.append(form);
    return item;
  }

  private billsSection(view: AccountView) {
    const section = element('section', 'bills');
    section.append(this.sectionHeading(this.words.bills));
    if (view.bills.length === 0) {
      section.append(element('p', 'muted', this.words.noBills));
      return section;
    }
    const items = element('ul');
    for (const bill of view.bills) {
      const item = element('li', 'bill');
      const head = element('div', 'row');
      head.append(element('span', 'title', bill.title), element('span', '', bill.amount));
      const facts = element('div', 'row muted');
      facts.append(element('span', '', bill.date), element('span', 'status', bill.statusText));
      item.append(head, facts);
      // A paid bill's receiptUrl is its receipt (a page that opens without signing in, a PDF from there);
      // a refunded one keeps the receipt of what was paid beside its "refunded" status (the credit note
      // comes by e-mail); an unpaid bill has no receipt to show.
      if (bill.receiptUrl && (bill.status === 'paid' || bill.status === 'refunded')) {
        const actions = element('div', 'actions');
        const link = element('a', 'action receipt', this.words.receipt);
        link.href = bill.receiptUrl;
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
        link.setAttribute('aria-label', this.words.receiptLabel(bill.title, bill.date));
        actions.append(link);
        item.append(actions);
      }
      items.append(item);
    }
    section.append(items);
    return section;
  }
}
