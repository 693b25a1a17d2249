// The engagement module: the reader's profile, user metadata, tags and
// fulfillments, account erasure; tallies, license pools, diagnostics and the
// support session.

// Profile, user metadata, tags, fulfillments, erasure.
export * from './address';
export * from './profile';
export * from './profile-ports';
export * from './profile-use-cases';
export * from './reader-fulfillments';
export * from './user-metadata';
export * from './user-metadata-use-cases';
export * from './tags';
export * from './tags-use-cases';
export * from './fulfillment';
export * from './fulfillment-ports';
export * from './fulfillment-use-cases';
export * from './erasure';
export * from './erasure-use-case';
export * from './erasure-scrub';

// Tallies, license pools, diagnostics, support session.
export * from './tally';
export * from './tally-ports';
export * from './tally-reader';
export * from './tally-use-cases';
export * from './license';
export * from './license-ports';
export * from './license-use-cases';
export * from './diagnostics';
export * from './diagnostics-use-cases';
export * from './support-session';
export * from './management-fulfillments';
