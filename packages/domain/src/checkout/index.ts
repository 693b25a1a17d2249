export * from './errors';
export * from './payment-methods';
export * from './checkout';
export * from './settings';
export * from './ports';
export * from './use-cases';
export * from './contract-checkout-sale';
export * from './checkout-funnel';
