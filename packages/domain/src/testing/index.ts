export * from './fake-clock';
export * from './sequential-ids';
export * from './in-memory-catalog';
export * from './in-memory-identity';
export * from './in-memory-capsule';
export * from './in-memory-contracts';
export * from './in-memory-paywalls';
export * from './in-memory-amendments';
