export * from './access-list';
export * from './grant';
export * from './csv-rows';
export * from './ports';
export * from './use-cases';
export * from './content-links';
