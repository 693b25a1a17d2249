export * from './categories';
export * from './rates';
export * from './rounding';
export * from './line-tax';
export * from './vat-number';
export * from './treatment';
export * from './bill-tax';
export * from './place-of-supply';
