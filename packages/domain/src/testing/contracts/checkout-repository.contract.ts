import { Checkout, CheckoutOwner, DEFAULT_FIELD_SETTINGS } from '../../checkout/checkout';
import { CheckoutNotFound } from '../../checkout/errors';
import { CheckoutRepository } from '../../checkout/ports';
import { money } from '../../shared/money';
import { minutesLater, SUITE_START } from './contract-builders';
import { ContractCase, ContractViolation, rejects, same } from './contract-case';

/**
 * What every CheckoutRepository must do (checkout/ports.ts): tenancy by
 * vendor, `update` that stores what the step leaves and nothing when it
 * throws, `completeOnce` that runs its step once only for an open checkout
 * and undoes the claim when the step throws, the recorded events written
 * with the row (none when the step throws), and the visitor's open
 * checkouts. A fixture holds no checkout of its two vendors (which exist,
 * for stores that check).
 */
export interface CheckoutRepositoryFixture {
  readonly checkouts: CheckoutRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
  /** The types of the events the store wrote to its outbox about the checkout, oldest first. */
  eventTypesOf(vendorId: string, checkoutId: string): Promise<string[]>;
}

const address = { country: 'SE', zip: '111 22', city: 'Stockholm', street: 'Storgatan 1', co: null, lastName: 'Lind', firstName: 'Ada' };
const PAYMENT = { provider: 'embedded', method: 'card', reference: 'ch_1', brand: 'visa', description: '4242', savedMethod: null };
const PAYER = { id: 'u1', email: 'reader@example.com' };

/** A checkout of a monthly and a one-time item with every detail filled in, so a round trip shows each field. */
function checkout(vendorId: string, id: string, owner: CheckoutOwner = { kind: 'visitor', visitorId: 'visitor-1' }, at = SUITE_START): Checkout {
  return Checkout.create(
    {
      id,
      vendorId,
      owner,
      lifetimeHours: 24,
      items: [
        {
          sku: 'news',
          url: 'https://news.example/subscribe',
          purchaseOptionId: 'po-month',
          purchaseOptionName: 'Monthly',
          title: 'News',
          productType: 'publication',
          unitPrice: money(9_900, 'SEK'),
          taxIncluded: true,
          recurring: { interval: 'MONTH', time: 1 },
          geoRestrictions: { type: 'ALLOW', countries: ['SE', 'NO'] },
        },
        {
          sku: 'book',
          url: null,
          purchaseOptionId: 'po-once',
          purchaseOptionName: 'Once',
          title: 'Book',
          productType: 'ebook',
          unitPrice: money(4_900, 'SEK'),
          taxIncluded: false,
          recurring: null,
          geoRestrictions: null,
        },
      ],
      details: {
        email: 'reader@example.com',
        givenName: 'Ada',
        familyName: 'Lind',
        birthDate: '1990-01-31',
        phoneNumber: '+46700000000',
        country: 'SE',
        referralEmail: 'friend@example.com',
        language: 'sv',
        redirectUrl: 'https://news.example/thanks',
        anonymousUserId: 'visitor-1',
        payerEmail: null,
        address,
        businessAddress: { ...address, co: 'Acme AB' },
        companyName: 'Acme AB',
        vatNumber: 'SE556000000001',
        isBusiness: true,
        giftMode: false,
        requireAddress: true,
        attribution: { utm_source: 'newsletter' },
        metadata: { cart: '42' },
        fieldSettings: { ...DEFAULT_FIELD_SETTINGS, phone: { enabled: true, required: true } },
        paymentData: { provider: 'embedded', method: 'card' },
        paymentMethodsFilter: [{ provider: 'embedded', methods: ['card'] }],
      },
      requestedDiscountCodes: ['SPRING'],
      appliedDiscountCodes: [{ id: 'd1', code: 'SPRING', name: 'Spring', description: '10 off', status: 'APPLIED' }],
      discountMinor: 1_000,
      itemsOwned: [{ sku: 'old', purchaseOptionId: 'po-old', title: 'Old' }],
      availablePaymentMethods: [{ provider: 'embedded', methods: ['card'] }],
    },
    at,
  );
}

async function stored(f: CheckoutRepositoryFixture, id: string): Promise<Checkout> {
  const found = await f.checkouts.find(f.vendorId, id);
  if (!found) throw new ContractViolation(`checkout ${id} is not there`);
  return found;
}

const completeStep = (at: Date) => async (c: Checkout) => c.complete(PAYMENT, PAYER, ['contract-1'], at);
const notToRun = async () => {
  throw new ContractViolation('the step ran');
};

export const CHECKOUT_REPOSITORY_CONTRACT: readonly ContractCase<CheckoutRepositoryFixture>[] = [
  {
    name: "finds a checkout as it was added, every field; another vendor finds, changes, completes and lists nothing of it",
    async run(f) {
      const made = checkout(f.vendorId, 'k1');
      await f.checkouts.add(made);
      same((await stored(f, 'k1')).toSnapshot(), made.toSnapshot(), 'what is found');
      same(await f.checkouts.find(f.otherVendorId, 'k1'), null, "another vendor's find");
      await rejects(() => f.checkouts.update(f.otherVendorId, 'k1', () => undefined), CheckoutNotFound, "another vendor's update");
      same(await f.checkouts.completeOnce(f.otherVendorId, 'k1', notToRun), null, "another vendor's completion");
      same(await f.checkouts.listOpenOfVisitor(f.otherVendorId, 'visitor-1'), [], "another vendor's open checkouts of the visitor");
      same((await stored(f, 'k1')).toSnapshot(), made.toSnapshot(), 'the checkout after all that');
      same(await f.eventTypesOf(f.vendorId, 'k1'), ['checkout.created'], 'the events written with the new checkout');
      same(await f.eventTypesOf(f.otherVendorId, 'k1'), [], "another vendor's events");
    },
  },
  {
    name: 'an update stores what the step leaves and answers what it answered; an unknown checkout is CheckoutNotFound',
    async run(f) {
      await f.checkouts.add(checkout(f.vendorId, 'k1'));
      const answer = await f.checkouts.update(f.vendorId, 'k1', (c) => c.claimFor('u1', minutesLater(5)));
      same(answer, true, 'the answer');
      const after = (await stored(f, 'k1')).toSnapshot();
      same([after.owner, after.updatedAt], [{ kind: 'user', userId: 'u1' }, minutesLater(5)], 'the stored owner');
      same(await f.eventTypesOf(f.vendorId, 'k1'), ['checkout.created', 'checkout.claimed'], 'the events written');
      await rejects(() => f.checkouts.update(f.vendorId, 'nope', () => undefined), CheckoutNotFound, 'update of an unknown checkout');
    },
  },
  {
    name: 'an update whose step throws stores nothing',
    async run(f) {
      const made = checkout(f.vendorId, 'k1');
      await f.checkouts.add(made);
      await rejects(
        () =>
          f.checkouts.update(f.vendorId, 'k1', (c) => {
            c.claimFor('u1', minutesLater(5));
            throw new ContractViolation('the step fails after claiming');
          }),
        ContractViolation,
        'the failing update',
      );
      same((await stored(f, 'k1')).toSnapshot(), made.toSnapshot(), 'the checkout after the failed update');
      same(await f.eventTypesOf(f.vendorId, 'k1'), ['checkout.created'], 'the events after the failed update');
    },
  },
  {
    name: 'completeOnce runs the step and stores the completed checkout; a second completion answers null without running it',
    async run(f) {
      await f.checkouts.add(checkout(f.vendorId, 'k1'));
      const completed = await f.checkouts.completeOnce(f.vendorId, 'k1', completeStep(minutesLater(5)));
      if (!completed) throw new ContractViolation('the first completion answered null');
      same(completed.toSnapshot().status, 'COMPLETED', 'the answered status');
      same((await stored(f, 'k1')).toSnapshot(), completed.toSnapshot(), 'the stored checkout');
      same(await f.eventTypesOf(f.vendorId, 'k1'), ['checkout.created', 'checkout.completed'], 'the events written');
      same(await f.checkouts.completeOnce(f.vendorId, 'k1', notToRun), null, 'the second completion');
      same(await f.checkouts.completeOnce(f.vendorId, 'nope', notToRun), null, 'the completion of an unknown checkout');
    },
  },
  {
    name: 'of two completions at once, exactly one runs its step',
    async run(f) {
      await f.checkouts.add(checkout(f.vendorId, 'k1'));
      let runs = 0;
      const step = async (c: Checkout) => {
        runs += 1;
        await completeStep(minutesLater(5))(c);
      };
      const answers = await Promise.all([f.checkouts.completeOnce(f.vendorId, 'k1', step), f.checkouts.completeOnce(f.vendorId, 'k1', step)]);
      same([runs, answers.filter((a) => a !== null).length], [1, 1], 'steps run and checkouts answered');
    },
  },
  {
    name: 'a completion whose step throws undoes the claim: the checkout stays as it was and can be completed later',
    async run(f) {
      const made = checkout(f.vendorId, 'k1');
      await f.checkouts.add(made);
      await rejects(
        () =>
          f.checkouts.completeOnce(f.vendorId, 'k1', async (c) => {
            await completeStep(minutesLater(5))(c);
            throw new ContractViolation('the sale fails');
          }),
        ContractViolation,
        'the failing completion',
      );
      same((await stored(f, 'k1')).toSnapshot(), made.toSnapshot(), 'the checkout after the failed completion');
      same(await f.eventTypesOf(f.vendorId, 'k1'), ['checkout.created'], 'the events after the failed completion');
      if (!(await f.checkouts.completeOnce(f.vendorId, 'k1', completeStep(minutesLater(6))))) {
        throw new ContractViolation('the later completion answered null');
      }
    },
  },
  {
    name: 'an expired checkout is not completed: completeOnce answers null without running the step',
    async run(f) {
      await f.checkouts.add(checkout(f.vendorId, 'k1'));
      await f.checkouts.update(f.vendorId, 'k1', (c) => c.expire(minutesLater(25 * 60)));
      same(await f.checkouts.completeOnce(f.vendorId, 'k1', notToRun), null, 'the completion of the expired checkout');
      same((await stored(f, 'k1')).toSnapshot().status, 'EXPIRED', 'the stored status');
    },
  },
  {
    name: "lists the visitor's open checkouts: pending or awaiting confirmation, not completed, expired, a user's or another visitor's",
    async run(f) {
      for (const id of ['k-pending', 'k-waiting', 'k-completed', 'k-expired']) await f.checkouts.add(checkout(f.vendorId, id));
      await f.checkouts.add(checkout(f.vendorId, 'k-user', { kind: 'user', userId: 'u1' }));
      await f.checkouts.add(checkout(f.vendorId, 'k-stranger', { kind: 'visitor', visitorId: 'visitor-2' }));
      await f.checkouts.update(f.vendorId, 'k-waiting', (c) => c.awaitConfirmation(PAYMENT, minutesLater(1)));
      await f.checkouts.completeOnce(f.vendorId, 'k-completed', completeStep(minutesLater(2)));
      await f.checkouts.update(f.vendorId, 'k-expired', (c) => c.expire(minutesLater(25 * 60)));
      same((await f.checkouts.listOpenOfVisitor(f.vendorId, 'visitor-1')).sort(), ['k-pending', 'k-waiting'], "the visitor's open checkouts");
    },
  },
];
