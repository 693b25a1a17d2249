export * from './errors';
export * from './ports';
export * from './releases';
export * from './settings';
export * from './use-cases';
