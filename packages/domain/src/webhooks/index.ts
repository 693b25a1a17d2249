export * from './catalogue';
export * from './endpoint';
export * from './errors';
export * from './ordering';
export * from './ports';
export * from './retry-schedule';
export * from './use-cases';
