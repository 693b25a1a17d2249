export * from './clock';
export * from './ids';
export * from './errors';
export * from './money';
export * from './domain-event';
export * from './personal-data';
export * from './recorded-events';
export * from './event-outbox';
