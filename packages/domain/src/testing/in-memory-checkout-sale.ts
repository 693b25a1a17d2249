import { OwnedProducts, PaymentProvider, PaymentProviders } from '../checkout';

/** A reader owns a product when the access module says they have access to it. */
export class AccessAsOwnedProducts implements OwnedProducts {
  constructor(private readonly access: { execute(query: { vendorId: string; userId: string; sku: string }): Promise<boolean> }) {}
  owns(vendorId: string, userId: string, sku: string): Promise<boolean> {
    return this.access.execute({ vendorId, userId, sku });
  }
}

/** The providers a checkout may use: the card one, and any others by name. */
export class ProvidersByName implements PaymentProviders {
  constructor(
    readonly card: PaymentProvider,
    private readonly others: readonly PaymentProvider[] = [],
  ) {}
  find(name: string): PaymentProvider | null {
    return [this.card, ...this.others].find((p) => p.name === name) ?? null;
  }
}
