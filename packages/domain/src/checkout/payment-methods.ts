/** Payment methods by provider, the shape of `availablePaymentMethods` and `paymentMethodsFilter` (interface 2.8). */
export type PaymentMethods = readonly { readonly provider: string; readonly methods: readonly string[] }[];

export const EMBEDDED_PROVIDER = 'embedded';
export const STRIPE_PROVIDER = 'stripe';
export const INVOICE_PROVIDER = 'invoice';
export const CARD = 'card';
export const INVOICE = 'invoice';

export function isOffered(methods: PaymentMethods, provider: string, method: string): boolean {
  return methods.some((m) => m.provider === provider && m.methods.includes(method));
}

/**
 * What a checkout offers: the card provider that is on, the invoice for a
 * business buyer where the vendor allows it, narrowed to the vendor's
 * allowed methods and then to the request's filter. Empty provider entries
 * are dropped.
 */
export function availablePaymentMethods(input: {
  cardProvider: string;
  vendorAllowed: PaymentMethods | null;
  invoiceForBusiness: boolean;
  isBusiness: boolean;
  filter: PaymentMethods | null;
}): PaymentMethods {
  let offered: { provider: string; methods: string[] }[] = [{ provider: input.cardProvider, methods: [CARD] }];
  if (input.isBusiness && input.invoiceForBusiness) offered.push({ provider: INVOICE_PROVIDER, methods: [INVOICE] });
  const narrow = (by: PaymentMethods) =>
    offered.map((o) => ({ provider: o.provider, methods: o.methods.filter((m) => isOffered(by, o.provider, m)) }));
  if (input.vendorAllowed) offered = narrow(input.vendorAllowed);
  if (input.filter) offered = narrow(input.filter);
  return offered.filter((o) => o.methods.length > 0);
}
