export * from './scopes';
export * from './api-key';
export * from './user';
export * from './access-token';
export * from './oauth-errors';
export * from './ports';
export * from './use-cases';
