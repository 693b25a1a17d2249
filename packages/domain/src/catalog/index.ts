export * from './vendor';
export * from './product';
export * from './purchase-option';
export * from './ports';
export * from './use-cases';
export * from './user-queries';
export * from './test-clock';
export * from './management-products';
