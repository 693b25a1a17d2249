export * from './index-a';
export * from './index-b';
