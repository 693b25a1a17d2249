import { Clock, IdGenerator } from '../shared';
import { Checkout, CheckoutOwner } from './checkout';
import { CheckoutRepository, CheckoutSettingsRepository } from './ports';
import { changeCheckoutSettings, CheckoutSettings } from './settings';
import { assertHomeAddress, ReturnAddresses } from './return-addresses';
import { assertOwner } from './checkout-owner';
import { CheckoutPricing } from './checkout-pricing';
import { CheckoutRequest } from './checkout-request';

export class CreateCheckout {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'add'>,
    private readonly pricing: CheckoutPricing,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** The vendor's sites, the only places `redirectUrl` may lead; null accepts any http(s) address (the in-memory kit). */
    private readonly homes: ReturnAddresses | null = null,
  ) {}

  async execute(command: { vendorId: string; owner: CheckoutOwner; request: CheckoutRequest }): Promise<Checkout> {
    const now = this.clock.now();
    await assertHomeAddress(this.homes, command.vendorId, command.request.redirectUrl);
    const settings = await this.pricing.settingsOf(command.vendorId);
    const request =
      command.owner.kind === 'visitor' && command.request.anonymousUserId === undefined
        ? { ...command.request, anonymousUserId: command.owner.visitorId }
        : command.request;
    const terms = await this.pricing.terms({ ...command, request, current: null, settings, now });
    const checkout = Checkout.create(
      { id: this.ids.next(), vendorId: command.vendorId, owner: command.owner, lifetimeHours: settings.lifetimeHours, ...terms },
      now,
    );
    await this.checkouts.add(checkout);
    return checkout;
  }
}

export class GetCheckout {
  constructor(private readonly checkouts: Pick<CheckoutRepository, 'find'>) {}

  /** `owner` null: the hosted page, which holds the checkout's own link. */
  async execute(query: { vendorId: string; checkoutId: string; owner: CheckoutOwner | null }): Promise<Checkout> {
    return assertOwner(await this.checkouts.find(query.vendorId, query.checkoutId), query.owner, query.checkoutId);
  }
}

export class UpdateCheckout {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'find' | 'update'>,
    private readonly pricing: CheckoutPricing,
    private readonly clock: Clock,
    private readonly homes: ReturnAddresses | null = null,
  ) {}

  async execute(command: { vendorId: string; checkoutId: string; owner: CheckoutOwner | null; request: CheckoutRequest }): Promise<Checkout> {
    const now = this.clock.now();
    await assertHomeAddress(this.homes, command.vendorId, command.request.redirectUrl);
    assertOwner(await this.checkouts.find(command.vendorId, command.checkoutId), command.owner, command.checkoutId);
    const settings = await this.pricing.settingsOf(command.vendorId);
    return this.checkouts.update(command.vendorId, command.checkoutId, async (checkout) => {
      // Refuse a closed checkout before pricing, so a change of it answers 409 whatever it holds.
      checkout.assertChangeable(now);
      const terms = await this.pricing.terms({
        vendorId: command.vendorId,
        owner: checkout.owner,
        request: command.request,
        current: checkout,
        settings,
        now,
      });
      checkout.change(terms, now);
      return checkout;
    });
  }
}

/** A visitor's open checkouts become the reader's when they sign in (or give their e-mail and sign in later). */
export class ClaimVisitorCheckouts {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'listOpenOfVisitor' | 'update'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; visitorId: string; userId: string }): Promise<string[]> {
    const now = this.clock.now();
    const claimed: string[] = [];
    for (const id of await this.checkouts.listOpenOfVisitor(command.vendorId, command.visitorId)) {
      const changed = await this.checkouts.update(command.vendorId, id, (c) => c.claimFor(command.userId, now));
      if (changed) claimed.push(id);
    }
    return claimed;
  }
}

export class GetCheckoutSettings {
  constructor(private readonly pricing: CheckoutPricing) {}
  execute(vendorId: string): Promise<CheckoutSettings> {
    return this.pricing.settingsOf(vendorId);
  }
}

export class ChangeCheckoutSettings {
  constructor(
    private readonly settings: CheckoutSettingsRepository,
    private readonly pricing: CheckoutPricing,
  ) {}

  async execute(command: { vendorId: string; change: Partial<Omit<CheckoutSettings, 'vendorId'>> }): Promise<CheckoutSettings> {
    const next = changeCheckoutSettings(await this.pricing.settingsOf(command.vendorId), command.change);
    await this.settings.save(next);
    return next;
  }
}


export { SendGiftNotice } from './gift-notice';
export * from './checkout-request';
export * from './checkout-pricing';
export * from './payment-use-cases';
