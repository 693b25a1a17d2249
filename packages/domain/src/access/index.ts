export * from './entitlement';
export * from './rules';
export * from './ports';
export * from './use-cases';
export * from './user-queries';
export * from './access-lists';
export * from './management-entitlements';
export * from './page-content';
