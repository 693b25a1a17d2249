/**
 * Lint rules, run with ESLINT_USE_FLAT_CONFIG=false (ESLint 9 still reads
 * this format; see DESIGN.md section 8). The override for packages/domain
 * is the dependency rule: the domain imports no framework and no app. The
 * overrides for each module of apps/api are the module rule (DESIGN.md 2):
 * a module uses another only through that module's public file
 * (`<module>/<module>.module.ts`: its tokens, its ContainerModule and what it
 * re-exports), never its rows, repositories, views or controllers.
 */
const fs = require('node:fs');
const path = require('node:path');

/** Folders of apps/api/src that are not modules: shared plumbing, the command line, demo data, benchmarks, type declarations. */
const API_NOT_MODULES = ['platform', 'cli'];
/** Every module of apps/api: each folder of apps/api/src that is not in the list above. */
const API_MODULES = fs
  .readdirSync(path.join(__dirname, 'apps/api/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_NOT_MODULES.includes(entry.name))
  .map((entry) => entry.name)
  .sort();

/** The module rule for the files of one module of apps/api. */
function moduleBoundary(module) {
  const others = API_MODULES.filter((m) => m !== module);
  return {
    files: [`apps/api/src/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../billing/billing.rows` is refused, `../billing/billing.module` is the way in.
              regex: `^(\\.\\./)+(${others.join('|')})/(?!\\2\\.module$)`,
              message: `A module uses another only through its public file <module>/<module>.module.ts (its tokens), never its rows, repositories or views (DESIGN.md 2). ${module} may re-export what it needs there.`,
            },
            {
              regex: `^(\\.\\./)+(cli|demo|bench)(/|$)`,
              message: 'A module does not import the command line, demo data or benchmarks.',
            },
          ],
        },
      ],
    },
  };
}

const FRAMEWORKS = [
  'express',
  'typeorm',
  'pg',
  'inversify',
  'reflect-metadata',
  'class-validator',
  'class-transformer',
  '@electric-sql/*',
  'pino',
  'pino-http',
  'node:*',
  'fs',
  'crypto',
  'net',
  'http',
  'path',
];

module.exports = {
  // For the module checks (apps/api/test/modules.test.ts).
  settings: { apiModules: API_MODULES, apiNotModules: API_NOT_MODULES },
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module' },
  plugins: ['@typescript-eslint'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  env: { node: true, es2022: true },
  ignorePatterns: ['dist/', 'dist-bench/', 'node_modules/', 'coverage/', '*.d.ts'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': 'off',
    'no-console': 'error',
    eqeqeq: ['error', 'always'],
  },
  overrides: [
    {
      files: ['packages/domain/src/**/*.ts'],
      excludedFiles: ['packages/domain/src/**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: FRAMEWORKS, message: 'The domain stays pure: no frameworks, no Node-only modules (DESIGN.md 1).' },
              { group: ['@kiosk/api', '@kiosk/api/*', '**/apps/*', '**/apps/**'], message: 'The domain never imports an app.' },
            ],
          },
        ],
        'no-restricted-syntax': [
          'error',
          { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Inject a Clock instead of reading the time.' },
          { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Inject a Clock instead of reading the time.' },
          { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Inject randomness through a port.' },
        ],
        'no-restricted-globals': ['error', { name: 'Buffer', message: 'Buffer is Node-only; the domain runs in browsers too.' }, { name: 'process', message: 'The domain reads no environment.' }],
      },
    },
    {
      files: ['packages/domain/src/testing/**/*.ts'],
      rules: { 'no-restricted-syntax': 'off' },
    },
    ...API_MODULES.map(moduleBoundary),
    {
      // The browser library runs in pages: browser globals, and it reports start-up problems on the console.
      files: ['apps/web/src/**/*.ts'],
      env: { browser: true, node: false },
      rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
    },
    {
      // Benchmarks print their figures.
      files: ['**/bench/**/*.ts', '**/*.bench.ts'],
      rules: { 'no-console': 'off' },
    },
    {
      // Rooms a reader can hold in their head: no source file over 400 lines (migrations are history; tests apart).
      // Split by responsibility, with names that say what each part holds.
      files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
      excludedFiles: ['**/*.test.ts', '**/migrations/**'],
      rules: { 'max-lines': ['error', { max: 400 }] },
    },
  ],
};
