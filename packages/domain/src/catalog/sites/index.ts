export * from './hostname';
export * from './site';
export * from './ports';
export * from './use-cases';
