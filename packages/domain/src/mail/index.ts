export * from './ports';
export * from './branded-mail';
export * from './reader-mails';
export * from './mail-language';
export * from './reader-mail-use-cases';
export * from './account-mails';
