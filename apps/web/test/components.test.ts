import { accountView, billRow, contractRow, isCancellable, safeLink } from '../src/components/account-view';
import { contentView } from '../src/components/content-view';
import { displayName, loginView } from '../src/components/login-view';
import { contrast, plain, safeColour, textOn } from '../src/components/shared';

describe('the components theme', () => {
  it('takes only #rgb or #rrggbb vendor colours (they go into CSS)', () => {
    expect(safeColour('#B91C1C')).toBe('#b91c1c');
    expect(safeColour('#abc')).toBe('#abc');
    for (const bad of ['red', '#12345', 'url(x)', '#000;background:url(x)', 'expression(1)', 42, null]) expect(safeColour(bad)).toBeNull();
  });

  it('writes on the vendor colour in white or near-black, whichever reaches the better WCAG contrast (at least 4.5:1 for these)', () => {
    for (const colour of ['#b91c1c', '#1d4ed8', '#facc15', '#ffffff', '#000000', '#22c55e', '#7c3aed']) {
      const text = textOn(colour);
      expect(contrast(colour, text)).toBeGreaterThanOrEqual(4.5);
    }
    expect(textOn('#facc15')).toBe('#111111');
    expect(textOn('#1d4ed8')).toBe('#ffffff');
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
  });

  it('shows vendor markup as text', () => {
    expect(plain('<b>Every</b> article<script>alert(1)</script>')).toBe('Every article alert(1)');
  });
});

describe('<service-login>', () => {
  it('names the signed-in reader by name, given and family name, nickname, then e-mail', () => {
    expect(displayName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ given_name: 'Ada', family_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ nickname: 'ada' })).toBe('ada');
    expect(displayName({ email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName(null)).toBe('your account');
  });

  it('shows nobody when signed out', () => {
    expect(loginView(false, { name: 'Ada' })).toEqual({ signedIn: false, name: '' });
    expect(loginView(true, { name: 'Ada' })).toEqual({ signedIn: true, name: 'Ada' });
  });
});

describe('<service-content>', () => {
  it('shows the teaser while it asks, the premium slot when allowed, the teaser and the paywall when blocked', () => {
    expect(contentView(null)).toEqual({ state: 'loading', premium: false, teaser: true, paywall: false });
    expect(contentView({ status: 'allowed', remaining: 2 })).toEqual({ state: 'allowed', premium: true, teaser: false, paywall: false, remaining: 2 });
    expect(contentView({ status: 'blocked', remaining: 0 })).toEqual({ state: 'blocked', premium: false, teaser: true, paywall: true, remaining: 0 });
    // Anything but allowed is blocked.
    expect(contentView({ status: 'surprise' }).premium).toBe(false);
  });
});

describe('<service-account>', () => {
  const contract = {
    id: 'c1',
    name: 'Demo Daily, yearly',
    status: 'ACTIVE',
    price: 1188,
    currency: 'SEK',
    nextBillAt: '2027-11-25T10:00:00Z',
    items: [{ name: 'Demo Daily' }],
  };

  it('lists contracts with price, status and renewal; only running ones can be cancelled', () => {
    const row = contractRow(contract);
    expect(row).toMatchObject({ id: 'c1', title: 'Demo Daily, yearly', status: 'active', price: 'SEK 1,188.00', cancellable: true });
    expect(row.when).toMatch(/^Renews on /);
    expect(isCancellable({ ...contract, willCancelAt: '2027-11-25T10:00:00Z' })).toBe(false);
    expect(isCancellable({ ...contract, status: 'CANCELED' })).toBe(false);
    expect(isCancellable({ ...contract, status: 'PENDING' })).toBe(false);
    expect(contractRow({ ...contract, willCancelAt: '2027-11-25T10:00:00Z' }).when).toMatch(/^Ends on /);
    expect(contractRow({ id: 'c2', items: [{ name: '<i>Podcast</i>' }] }).title).toBe('Podcast');
  });

  it('links bills to their receipts, http(s) only', () => {
    const bill = { id: 'b1', price: 1188, currency: 'SEK', status: 'PAID', receiptUrl: 'https://kiosk.example.com/receipts/b1', createdAt: '2026-11-25T10:00:00Z', items: [{ title: 'Demo Daily' }] };
    expect(billRow(bill)).toMatchObject({ id: 'b1', title: 'Demo Daily', amount: 'SEK 1,188.00', status: 'paid', receiptUrl: 'https://kiosk.example.com/receipts/b1' });
    expect(billRow({ ...bill, receiptUrl: 'javascript:alert(1)' }).receiptUrl).toBeNull();
    // A refunded bill says so, in the reader's language, and keeps the receipt of what was paid.
    expect(billRow({ ...bill, status: 'REFUNDED' })).toMatchObject({ status: 'refunded', statusText: 'refunded', receiptUrl: bill.receiptUrl });
    expect(billRow({ ...bill, status: 'REFUNDED' }, 'sv').statusText).toBe('återbetald');
    expect(safeLink('data:text/html,<script>')).toBeNull();
    expect(safeLink('/relative')).toBeNull();
    expect(safeLink(42)).toBeNull();
  });

  it('reads the profile and survives answers that are not lists', () => {
    const view = accountView({ given_name: 'Ada', family_name: 'Lovelace', email: 'ada@example.com' }, [contract], { not: 'a list' });
    expect(view.name).toBe('Ada Lovelace');
    expect(view.email).toBe('ada@example.com');
    expect(view.contracts).toHaveLength(1);
    expect(view.bills).toEqual([]);
    expect(accountView(null, null, null)).toEqual({ name: '', email: '', contracts: [], bills: [] });
  });
});
