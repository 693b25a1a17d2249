import { AccountView, accountView, ContractRow } from './account-view';
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
        this.view = accountView(profile, contracts, bills);
      }
      this.problem = '';
    } catch {
      this.problem = 'Your account could not be loaded. Try again later.';
    }
    this.render();
  }

  private async cancel(contractId: string, reason: string) {
    const contracts = service()?.contracts;
    if (!contracts) return;
    try {
      await contracts.cancel(contractId, { reason: reason || 'No reason given', comment: '' });
      this.notice = 'Your subscription is cancelled. You keep access until the end of the period you paid for.';
      this.confirming = null;
      await this.load();
    } catch (error) {
      this.problem = `The subscription could not be cancelled: ${error instanceof Error ? error.message : 'try again later'}.`;
      this.render();
    }
    this.shadowRoot?.querySelector<HTMLElement>('[role=status], [role=alert]')?.focus();
  }

  private render() {
    const root = this.shadowRoot;
    if (!root) return;
    const box = element('section', 'box');
    const heading = this.getAttribute('heading') ?? 'Your account';
    if (heading.trim() === '') {
      box.setAttribute('aria-label', 'Your account');
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
      box.append(element('p', 'muted', 'Loading…'));
    } else if (view === null) {
      box.append(element('p', '', 'Sign in to see your subscriptions and bills.'));
      box.append(button('primary login', 'Sign in', () => service()?.auth?.loginWithRedirect()));
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
    section.append(this.sectionHeading('Profile'));
    const facts = element('dl');
    if (view.name) facts.append(element('dt', '', 'Name'), element('dd', '', view.name));
    const email = element('dd', 'email');
    email.append(...(view.email ? wrappableAddress(view.email) : ['—']));
    facts.append(element('dt', '', 'E-mail'), email);
    section.append(facts);
    return section;
  }

  private contractsSection(view: AccountView) {
    const section = element('section', 'contracts');
    section.append(this.sectionHeading('Subscriptions'));
    if (view.contracts.length === 0) {
      section.append(element('p', 'muted', 'You have no subscriptions.'));
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
    facts.append(element('span', 'status', `Status: ${contract.status || 'unknown'}`), element('span', 'when', contract.when));
    item.append(facts);
    if (!contract.cancellable) return item;
    if (this.confirming !== contract.id) {
      const actions = element('div', 'actions');
      actions.append(
        button('secondary cancel', 'Cancel subscription', () => {
          this.confirming = contract.id;
          this.notice = '';
          this.render();
          this.shadowRoot?.querySelector<HTMLInputElement>('form.confirm input')?.focus();
        }, `Cancel subscription: ${contract.title}`),
      );
      item.append(actions);
      return item;
    }
    const form = element('form', 'confirm');
    const inputId = `reason-${contract.id.replace(/[^A-Za-z0-9_-]/g, '')}`;
    const label = element('label', '', 'Why are you cancelling? (optional)');
    label.htmlFor = inputId;
    const input = element('input');
    input.type = 'text';
    input.id = inputId;
    input.name = 'reason';
    input.maxLength = 500;
    input.autocomplete = 'off';
    const actions = element('div', 'actions');
    const confirm = element('button', 'primary confirm-cancel', 'Confirm cancellation');
    confirm.type = 'submit';
    actions.append(
      confirm,
      button('secondary keep', 'Keep subscription', () => {
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
    section.append(this.sectionHeading('Bills'));
    if (view.bills.length === 0) {
      section.append(element('p', 'muted', 'You have no bills yet.'));
      return section;
    }
    const items = element('ul');
    for (const bill of view.bills) {
      const item = element('li', 'bill');
      const head = element('div', 'row');
      head.append(element('span', 'title', bill.title), element('span', '', bill.amount));
      const facts = element('div', 'row muted');
      facts.append(element('span', '', bill.date), element('span', '', bill.status));
      item.append(head, facts);
      // A paid bill's receiptUrl is its receipt (a page that opens without signing in, a PDF from there);
      // an unpaid bill has no receipt to show.
      if (bill.receiptUrl && bill.status === 'paid') {
        const actions = element('div', 'actions');
        const link = element('a', 'action receipt', 'Receipt');
        link.href = bill.receiptUrl;
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
        link.setAttribute('aria-label', `Receipt: ${bill.title}, ${bill.date} (opens in a new tab)`);
        actions.append(link);
        item.append(actions);
      }
      items.append(item);
    }
    section.append(items);
    return section;
  }
}
