export * from './contract-case';
export * from './read-ledger.contract';
export * from './paywall-repository.contract';
export * from './contract-builders';
export * from './contract-repository.contract';
export * from './entitlement-repository.contract';
export * from './bill-repository.contract';
