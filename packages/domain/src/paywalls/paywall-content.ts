/**
 * What a paywall shows: the public render shape of interface section 2.9
 * without `id`, `vendorId` and `version`, which the aggregate owns. Every
 * field is always present (absent text is ''), so a rendered paywall has
 * one shape whatever the vendor filled in.
 */

/** The leaky allowance: `count` free reads per reader per rolling `periodInHours`. */
export interface LeakySettings {
  readonly enabled: boolean;
  readonly count: number;
  readonly periodInHours: number;
}

export interface PaywallSettings {
  /** Layout of the paywall; `BOXES` is the one the interface shows. */
  readonly template: string;
  readonly useDefaultLogo: boolean;
  readonly useDefaultCurrency: boolean;
  readonly useDefaultColor: boolean;
  readonly styling: { readonly dropShadow: boolean; readonly backgroundColor: string; readonly showBackground: boolean };
  readonly displayOptions: {
    readonly enableGift: boolean;
    readonly enableCompany: boolean;
    readonly enableLoginButton: boolean;
  };
  readonly loginFields: { readonly name: boolean };
  readonly leaky: LeakySettings;
  readonly redirectUrl: string;
}

/** Rows of cells, as the interface's `features` (array of string arrays). */
export type FeatureRows = readonly (readonly string[])[];

export interface PaywallSubscription {
  readonly id: string;
  readonly sku: string;
  readonly poId: string;
  readonly title: string;
  /** HTML written by the vendor; the browser library sanitises it before rendering. */
  readonly description: string;
  /** Major currency units, as the interface shows prices (9999 means 9,999.00). */
  readonly price: number;
  /** Price after `discountCode`; equal to `price` when there is no discount. */
  readonly discountPrice: number;
  readonly discountCode: string;
  readonly periodText: string;
  readonly comparePeriodText: string;
  readonly tag: string;
  readonly selected: boolean;
  readonly features: FeatureRows;
  readonly buttonText: string;
  readonly readMoreLink: string;
  readonly readMoreText: string;
  readonly preferBusiness: boolean;
  readonly redirectUrl: string;
  readonly url: string;
}

export interface SinglePurchase {
  readonly enabled: boolean;
  readonly title: string;
  readonly description: string;
  readonly discountCode: string;
}

export interface PaywallContent {
  readonly currency: string;
  readonly settings: PaywallSettings;
  readonly showLoginButton: boolean;
  readonly subscriptions: readonly PaywallSubscription[];
  readonly subscriptionsUrl: string;
  readonly mainColor: string;
  readonly headline: string;
  /** HTML written by the vendor. */
  readonly description: string;
  readonly logoUrl: string;
  readonly features: FeatureRows;
  readonly footerPaymentMethods: FeatureRows;
  readonly singlePurchase: SinglePurchase;
}

/** `GET /paywalls/{paywallId}`: exactly the fields of interface 2.9, in its order. */
export interface PaywallPublicView {
  readonly id: string;
  readonly vendorId: string;
  readonly currency: string;
  readonly version: number;
  readonly settings: PaywallSettings;
  readonly showLoginButton: boolean;
  readonly subscriptions: readonly PaywallSubscription[];
  readonly subscriptionsUrl: string;
  readonly mainColor: string;
  readonly headline: string;
  readonly description: string;
  readonly logoUrl: string;
  readonly features: FeatureRows;
  readonly footerPaymentMethods: FeatureRows;
  readonly singlePurchase: SinglePurchase;
}

type DeepPartial<T> = T extends readonly (infer _E)[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** A subscription box as submitted: identifiers and price are required, the rest defaults. */
export type PaywallSubscriptionInput = Pick<PaywallSubscription, 'id' | 'sku' | 'poId' | 'title' | 'price'> &
  Partial<Omit<PaywallSubscription, 'id' | 'sku' | 'poId' | 'title' | 'price'>>;

/**
 * Content as submitted on create, or as a change: nested objects merge
 * field by field, arrays replace the whole list.
 */
export type PaywallContentInput = DeepPartial<Omit<PaywallContent, 'subscriptions'>> & {
  readonly subscriptions?: readonly PaywallSubscriptionInput[];
};
