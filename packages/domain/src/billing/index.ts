export * from './errors';
export * from './bill-record';
export * from './transaction';
export * from './invoice';
export * from './ports';
export * from './use-cases';
export * from './user-queries';
