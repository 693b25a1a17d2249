import { DEFAULT_PAYWALL_CONTENT, Paywall, PaywallSnapshot } from '../../src/paywalls';
import { meteredContent, T0, VENDOR, world } from './fixtures';

const PUBLIC_KEYS = [
  'id',
  'vendorId',
  'currency',
  'version',
  'settings',
  'showLoginButton',
  'subscriptions',
  'subscriptionsUrl',
  'mainColor',
  'headline',
  'description',
  'logoUrl',
  'features',
  'footerPaymentMethods',
  'singlePurchase',
];
const SETTINGS_KEYS = [
  'template',
  'useDefaultLogo',
  'useDefaultCurrency',
  'useDefaultColor',
  'styling',
  'displayOptions',
  'loginFields',
  'leaky',
  'redirectUrl',
];
const SUBSCRIPTION_KEYS = [
  'id',
  'sku',
  'poId',
  'title',
  'description',
  'price',
  'discountPrice',
  'discountCode',
  'periodText',
  'comparePeriodText',
  'tag',
  'selected',
  'features',
  'buttonText',
  'readMoreLink',
  'readMoreText',
  'preferBusiness',
  'redirectUrl',
  'url',
];
const ADMIN_FIELDS = ['name', 'status', 'entity', 'createdAt', 'modifiedAt', 'previewUrl'];
const LATER = new Date(T0.getTime() + 60_000);

const create = () =>
  Paywall.create({ id: 'pw-1', vendorId: VENDOR, name: 'Metered', entity: 'Daily News', previewUrl: 'https://news.test/preview', content: meteredContent() }, T0);

describe('paywall render shape (interface 2.9)', () => {
  it('has exactly the public keys, nested as written, and none of the admin fields', () => {
    const view = create().toPublicView();
    expect(Object.keys(view)).toEqual(PUBLIC_KEYS);
    expect(Object.keys(view.settings)).toEqual(SETTINGS_KEYS);
    expect(Object.keys(view.settings.styling)).toEqual(['dropShadow', 'backgroundColor', 'showBackground']);
    expect(Object.keys(view.settings.displayOptions)).toEqual(['enableGift', 'enableCompany', 'enableLoginButton']);
    expect(Object.keys(view.settings.loginFields)).toEqual(['name']);
    expect(Object.keys(view.settings.leaky)).toEqual(['enabled', 'count', 'periodInHours']);
    expect(Object.keys(view.subscriptions[0])).toEqual(SUBSCRIPTION_KEYS);
    expect(Object.keys(view.singlePurchase)).toEqual(['enabled', 'title', 'description', 'discountCode']);
    for (const field of ADMIN_FIELDS) expect(view).not.toHaveProperty(field);
    const json = JSON.parse(JSON.stringify(view));
    for (const field of ADMIN_FIELDS) expect(json).not.toHaveProperty(field);
  });

  it('fills what the vendor left out: discountPrice is the price, text is empty', () => {
    const view = create().toPublicView();
    expect(view).toMatchObject({ id: 'pw-1', vendorId: VENDOR, currency: 'SEK', version: 1, logoUrl: '', features: [] });
    expect(view.subscriptions[0]).toMatchObject({ price: 99, discountPrice: 99, discountCode: '', selected: false, features: [] });
    expect(view.settings).toMatchObject({ template: 'BOXES', leaky: { enabled: true, count: 3, periodInHours: 24 } });
  });

  it('the admin view adds the admin fields', () => {
    const admin = create().toAdminView();
    expect(Object.keys(admin)).toEqual([...PUBLIC_KEYS, 'name', 'status', 'entity', 'createdAt', 'modifiedAt', 'previewUrl']);
    expect(admin).toMatchObject({ name: 'Metered', status: 'ACTIVE', entity: 'Daily News', createdAt: T0, modifiedAt: T0 });
  });

  it('handing out a view does not let the caller change the paywall', () => {
    const paywall = create();
    const view = paywall.toPublicView() as { settings: { leaky: { count: number } } };
    // The view is shared by every caller and frozen to the bottom: changing it throws, and the paywall stays as it was.
    expect(() => {
      view.settings.leaky.count = 99;
    }).toThrow(TypeError);
    expect(paywall.content.settings.leaky.count).toBe(3);
    expect(paywall.toPublicView()).toBe(view);
    // A new version of the paywall is a new view.
    paywall.change({ content: { settings: { leaky: { enabled: true, count: 4, periodInHours: 24 } } } } as never, new Date());
    expect(paywall.toPublicView().settings.leaky.count).toBe(4);
    expect(view.settings.leaky.count).toBe(3);
  });
});

describe('paywall versions', () => {
  it('starts at 1 and rises by one with each change; a change that alters nothing keeps it', () => {
    const paywall = create();
    expect(paywall.change({ content: { headline: 'New headline' } }, LATER)).toBe(true);
    expect(paywall.version).toBe(2);
    expect(paywall.change({ content: { settings: { leaky: { count: 5 } } } }, LATER)).toBe(true);
    expect(paywall.version).toBe(3);
    expect(paywall.content.settings.leaky).toEqual({ enabled: true, count: 5, periodInHours: 24 });
    expect(paywall.change({ content: { headline: 'New headline' }, name: 'Metered' }, LATER)).toBe(false);
    expect(paywall.version).toBe(3);
    expect(paywall.toAdminView().modifiedAt).toEqual(LATER);
    expect(paywall.pullEvents().map((e) => [e.type, e.payload.version])).toEqual([
      ['paywall.created', 1],
      ['paywall.changed', 2],
      ['paywall.changed', 3],
    ]);
  });

  it('nested settings merge field by field; arrays replace the whole list', () => {
    const paywall = create();
    paywall.change({ content: { settings: { styling: { dropShadow: true } }, features: [['Unlimited'], ['Ad free']] } }, LATER);
    expect(paywall.content.settings.styling).toEqual({ dropShadow: true, backgroundColor: '', showBackground: false });
    paywall.change({ content: { features: [['Only this']] } }, LATER);
    expect(paywall.content.features).toEqual([['Only this']]);
  });

  it('a stored paywall whose keys come back reordered (jsonb) is not "changed" by the same values', () => {
    const snapshot = create().toSnapshot();
    const reorder = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reorder) : v && typeof v === 'object' && !(v instanceof Date)
        ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reorder(x)]))
        : v;
    const stored = Paywall.fromSnapshot({ ...snapshot, content: reorder(snapshot.content) } as PaywallSnapshot);
    expect(stored.change({ content: { headline: 'Read on with a subscription' } }, LATER)).toBe(false);
    expect(stored.version).toBe(1);
  });

  it('retiring archives once and bumps the version; an archived paywall refuses changes', () => {
    const paywall = create();
    expect(paywall.retire(LATER)).toBe(true);
    expect(paywall.retire(LATER)).toBe(false);
    expect(paywall).toMatchObject({ status: 'ARCHIVED', version: 2 });
    expect(() => paywall.change({ name: 'x' }, LATER)).toThrow(expect.objectContaining({ kind: 'conflict', code: 'PAYWALL.ARCHIVED' }));
  });

  it('snapshots round-trip', () => {
    const paywall = create();
    expect(Paywall.fromSnapshot(paywall.toSnapshot()).toAdminView()).toEqual(paywall.toAdminView());
  });
});

describe('paywall settings validation', () => {
  const refusal = (content: unknown, extra: object = {}) => {
    try {
      Paywall.create({ id: 'pw-x', vendorId: VENDOR, name: 'x', content: content as never, ...extra }, T0);
    } catch (error) {
      return error as { kind: string; code: string; details: { errors: { field: string }[] } };
    }
    throw new Error('expected a refusal');
  };

  it.each([
    ['leaky count below 0', { settings: { leaky: { count: -1 } } }, 'settings.leaky.count'],
    ['leaky count not whole', { settings: { leaky: { count: 1.5 } } }, 'settings.leaky.count'],
    ['period of 0 hours', { settings: { leaky: { periodInHours: 0 } } }, 'settings.leaky.periodInHours'],
    ['period not whole', { settings: { leaky: { periodInHours: 2.5 } } }, 'settings.leaky.periodInHours'],
    ['leaky enabled not boolean', { settings: { leaky: { enabled: 'yes' } } }, 'settings.leaky.enabled'],
    ['colour by name', { mainColor: 'red' }, 'mainColor'],
    ['colour with CSS after it', { settings: { styling: { backgroundColor: '#fff;position:fixed' } } }, 'settings.styling.backgroundColor'],
    ['javascript: address', { logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
    ['relative address', { settings: { redirectUrl: '/thanks' } }, 'settings.redirectUrl'],
    ['lower-case currency', { currency: 'sek' }, 'currency'],
    ['template not a name', { settings: { template: 'boxes<script>' } }, 'settings.template'],
    ['price with three decimals', { subscriptions: [{ id: 's', sku: 'a', poId: 'p', title: 't', price: 9.999 }] }, 'subscriptions[0].price'],
    ['discount above price', { subscriptions: [{ id: 's', sku: 'a', poId: 'p', title: 't', price: 9, discountPrice: 10 }] }, 'subscriptions[0].discountPrice'],
    ['blank sku', { subscriptions: [{ id: 's', sku: ' ', poId: 'p', title: 't', price: 9 }] }, 'subscriptions[0].sku'],
    ['features not rows', { features: ['a', 'b'] }, 'features[0]'],
  ])('refuses %s', (_name, content, field) => {
    const error = refusal(content);
    expect(error).toMatchObject({ kind: 'invalid', code: 'PAYWALL.BAD_SETTINGS' });
    expect(error.details.errors.map((e) => e.field)).toContain(field);
  });

  it('lists every problem at once', () => {
    const error = refusal({ mainColor: 'red', logoUrl: 'ftp://x', settings: { leaky: { count: -1, periodInHours: 0 } } });
    expect(error.details.errors.map((e) => e.field)).toEqual(['settings.leaky.count', 'settings.leaky.periodInHours', 'mainColor', 'logoUrl']);
  });

  it('refuses a blank name and a bad preview address; count 0 is a valid (hard) allowance', () => {
    expect(refusal({}, { name: '  ' }).details.errors.map((e) => e.field)).toEqual(['name']);
    expect(refusal({}, { previewUrl: 'not a url' }).details.errors.map((e) => e.field)).toEqual(['previewUrl']);
    const hard = Paywall.create({ id: 'pw-0', vendorId: VENDOR, name: 'Hard', content: { settings: { leaky: { enabled: true, count: 0 } } } }, T0);
    expect(hard.content.settings.leaky).toEqual({ enabled: true, count: 0, periodInHours: 24 });
  });

  it('a failed change changes nothing', () => {
    const paywall = create();
    expect(() => paywall.change({ content: { headline: 'ok', mainColor: 'nope' } }, LATER)).toThrow();
    expect(paywall.version).toBe(1);
    expect(paywall.content.headline).toBe('Read on with a subscription');
  });

  it('defaults make a valid paywall with the allowance off', () => {
    const paywall = Paywall.create({ id: 'pw-d', vendorId: VENDOR, name: 'Default' }, T0);
    expect(paywall.content).toEqual(DEFAULT_PAYWALL_CONTENT);
  });
});

describe('paywall use cases', () => {
  it('create, change and retire through the repository; readers do not see an archived paywall', async () => {
    const w = world();
    const created = await w.createPaywall.execute({ vendorId: VENDOR, name: 'Metered', content: meteredContent() });
    const changed = await w.changePaywall.execute({ vendorId: VENDOR, paywallId: created.id, change: { content: { headline: 'Hi' } } });
    expect(changed.version).toBe(2);
    expect(await w.getPublic.execute({ vendorId: VENDOR, paywallId: created.id })).toMatchObject({ headline: 'Hi', version: 2 });
    await expect(w.getPublic.execute({ vendorId: 'other', paywallId: created.id })).rejects.toMatchObject({ code: 'PAYWALL.NOT_FOUND' });
    await w.retirePaywall.execute({ vendorId: VENDOR, paywallId: created.id });
    await expect(w.getPublic.execute({ vendorId: VENDOR, paywallId: created.id })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'PAYWALL.NOT_FOUND',
    });
    expect(w.paywalls.outbox.map((e) => e.type)).toEqual(['paywall.created', 'paywall.changed', 'paywall.retired']);
  });

  it('concurrent changes each get their own version', async () => {
    const w = world();
    const { id } = await w.createPaywall.execute({ vendorId: VENDOR, name: 'Metered' });
    await Promise.all(
      [1, 2, 3, 4].map((n) => w.changePaywall.execute({ vendorId: VENDOR, paywallId: id, change: { content: { headline: `h${n}` } } })),
    );
    expect((await w.paywalls.find(VENDOR, id))?.version).toBe(5);
  });
});
