export * from './stats';
