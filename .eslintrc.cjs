/**
 * Lint rules, run with ESLINT_USE_FLAT_CONFIG=false (ESLint 9 still reads
 * this format; see DESIGN.md section 8). The override for packages/domain
 * is the dependency rule: the domain imports no framework and no app.
 */
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
    {
      // Benchmarks print their figures.
      files: ['**/bench/**/*.ts', '**/*.bench.ts'],
      rules: { 'no-console': 'off' },
    },
  ],
};
