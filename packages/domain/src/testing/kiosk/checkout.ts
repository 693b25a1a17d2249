import { RecordPayment } from '../../billing';
import {
  ContractCheckoutSale,
  CheckoutPricing,
  ClaimVisitorCheckouts,
  CompleteCheckout,
  ConfirmCheckoutPayment,
  CreateCheckout,
  GetCheckout,
  PayCheckout,
  UpdateCheckout,
} from '../../checkout';
import { CreateContract, DiscountCodeRepository } from '../../contracts';
import { InMemoryCheckoutRepository, InMemoryCheckoutSettingsRepository, ScriptedPaymentProvider } from '../in-memory-checkout';
import { AccessAsOwnedProducts, ProvidersByName } from '../in-memory-checkout-sale';
import { KioskCore } from './core';

/**
 * The checkout module with the scripted card provider (a card number
 * `decline` is declined, `action` needs a confirmation step, anything else
 * succeeds); a paid checkout becomes confirmed contracts with paid bills.
 */
export function wireCheckout(
  core: KioskCore,
  deps: {
    discountCodes: DiscountCodeRepository;
    createContract: CreateContract;
    recordPayment: RecordPayment;
    checkAccess: { execute(query: { vendorId: string; userId: string; sku: string }): Promise<boolean> };
  },
) {
  const { clock, ids, products, purchaseOptions, users } = core;
  const checkouts = new InMemoryCheckoutRepository();
  const settings = new InMemoryCheckoutSettingsRepository();
  const card = new ScriptedPaymentProvider();
  const providers = new ProvidersByName(card);
  const pricing = new CheckoutPricing(products, purchaseOptions, deps.discountCodes, new AccessAsOwnedProducts(deps.checkAccess), settings, () => card.name);
  const complete = new CompleteCheckout(checkouts, new ContractCheckoutSale(deps.createContract, deps.recordPayment, users), clock);
  return {
    repositories: { checkouts, settings },
    provider: card,
    useCases: {
      create: new CreateCheckout(checkouts, pricing, ids, clock),
      get: new GetCheckout(checkouts),
      update: new UpdateCheckout(checkouts, pricing, clock),
      pay: new PayCheckout(checkouts, providers, complete, clock),
      confirmPayment: new ConfirmCheckoutPayment(checkouts, providers, complete, clock),
      claimVisitorCheckouts: new ClaimVisitorCheckouts(checkouts, clock),
    },
  };
}
