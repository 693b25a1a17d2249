export * from './contract-case';
export * from './read-ledger.contract';
export * from './paywall-repository.contract';
