/** @jest-config-loader ts-node */
import type { Config } from 'jest';

// One jest run over every workspace. Sources are transformed by SWC with
// legacy decorators and decorator metadata (Inversify, TypeORM and
// class-validator need them); type-checking is `npm run typecheck`.
const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages must go through the transform too.
const esmPackages = ['jose', 'inversify', '@inversifyjs', 'oidc-provider', 'openid-client', 'oauth4webapi'].join('|');

const shared = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleNameMapper: { '^@kiosk/domain(/.*)?$': '<rootDir>/../../packages/domain/src$1' },
  testEnvironment: 'node',
} satisfies Partial<Config>;

const config: Config = {
  projects: [
    {
      ...shared,
      displayName: 'domain',
      rootDir: '<rootDir>/packages/domain',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'api',
      rootDir: '<rootDir>/apps/api',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      // Node's environment plus one embedded database per worker process.
      testEnvironment: '<rootDir>/test/support/worker-environment.ts',
      setupFiles: ['reflect-metadata', '<rootDir>/test/support/known-warnings.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      rootDir: '<rootDir>/apps/web',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
    },
  ],
  testTimeout: 30000,
  // Jest's default on 2 cores is 1 worker (cores - 1), i.e. every file in
  // band, one after another, on one core. The api files mostly wait on their
  // database, which now runs per worker on a thread of its own: two workers
  // keep both cores busy (docs/testing.md has the measurements).
  // On PostgreSQL each worker has a database of its own too. JEST_WORKERS
  // overrides it (e.g. 1 to run in band while debugging).
  maxWorkers: Number(process.env.JEST_WORKERS) || 2,
};

export default config;
