// Part A of the engagement module: tallies, license pools, diagnostics, support session.
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
