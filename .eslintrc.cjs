/**
 * Lint rules, run with ESLINT_USE_FLAT_CONFIG=false (ESLint 9 still reads
 * this format; see DESIGN.md section 8). The override for packages/domain
 * is the dependency rule: the domain imports no framework and no app. The
 * overrides for each module of apps/api are the module rule (DESIGN.md 2):
 * a module uses another only through that module's public file
 * (`<module>/<module>.module.ts`: its tokens, its ContainerModule and what it
 * re-exports), never its rows, repositories, views or controllers. Both follow the module order below
 * (MODULE_LAYERS): an import may point down only.
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

/**
 * The module order (docs/architecture.md, "Module order"), lowest layer first. A file of a module may import
 * only modules of lower layers: never one of its own layer, never one above. Cross-module needs that point up
 * become ports or events owned by the lower module (bound by the higher one). One list for both packages: the
 * folders of apps/api/src and of packages/domain/src (a module with no folder in one of them is simply absent
 * there). `platform` (apps/api) and `shared` (the domain) lie under every module. Edit this array, nothing else.
 */
const MODULE_LAYERS = [
  ['platform', 'shared'],
  ['catalog'],
  ['identity'],
  ['engagement'],
  ['contracts'],
  ['mail'],
  ['billing'],
  ['access'],
  ['capsule'],
  ['paywalls'],
  ['checkout'],
  ['webhooks', 'stats', 'scripts'],
  ['portal', 'demo', 'health'],
];

/**
 * Upward imports not yet turned into ports or events: each entry lets one file import the named higher modules.
 * Each is a debt with its reason; delete the entry when the import goes (a test fails on a stale one). Nothing
 * else is exempt, except what assembles the whole application: the command line (`cli/`), the cross-module
 * benchmarks (`platform/bench/`), the domain's in-memory doubles (`testing/`) and tests (outside src).
 */
const UPWARD_EXCEPTIONS = [
  {
    file: 'apps/api/src/platform/database/entities.ts',
    imports: ['catalog', 'identity', 'engagement', 'contracts', 'mail', 'billing', 'access', 'capsule', 'paywalls', 'checkout', 'stats'],
    why: "TypeORM's list of every module's rows: belongs to the composition root (a later move: each module registers its rows).",
  },
];

/**
 * The same order for the modules' `requires` (the bindings a module resolves, also through the domain's use-case
 * classes, which no import rule sees): checked by apps/api/test/modules.test.ts. A module part that still resolves
 * a higher module's bindings is listed here, with its reason; delete the entry when it goes.
 */
const UPWARD_REQUIRES = [
  {
    module: 'identity:management-users',
    requires: ['engagement'],
    why: "GET/PATCH/DELETE /management/users/{id} show and change engagement's profile and metadata and erase the account with its use cases: the part is an assembly above engagement (to move to its own folder or to engagement).",
  },
  {
    module: 'identity:sign-in',
    requires: ['engagement', 'paywalls', 'checkout'],
    why: "A sign-in merges the visitor's free reads (paywalls) and open checkouts (checkout) and sets the streaming link (engagement); the pages wear checkout's colour: to become events or hooks identity owns.",
  },
];

/** Every module the order puts at or above `module`'s layer, but `module` itself and what an exception allows. */
function notBelow(module, allowed = []) {
  const layer = MODULE_LAYERS.findIndex((modules) => modules.includes(module));
  if (layer < 0) throw new Error(`.eslintrc.cjs: module ${module} has no place in MODULE_LAYERS`);
  return MODULE_LAYERS.slice(layer)
    .flat()
    .filter((m) => m !== module && !allowed.includes(m));
}

/** The order's pattern for no-restricted-imports: a relative import of a module not below this one. */
function orderPattern(module, allowed) {
  const refused = notBelow(module, allowed);
  return refused.length === 0
    ? []
    : [
        {
          regex: `^(\\.\\./)+(${refused.join('|')})(/|$)`,
          message: `An import may point down only (docs/architecture.md, "Module order"): ${module} may not import a module of its own layer or above. Make the need a port or an event that ${module} owns, bound by the higher module.`,
        },
      ];
}

/** The module rule for the files of one module of apps/api. */
function moduleBoundary(module, files = [`apps/api/src/${module}/**/*.ts`], allowed = []) {
  const others = API_MODULES.filter((m) => m !== module);
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...orderPattern(module, allowed),
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

/** The dependency rule of the domain (DESIGN.md 1), and the module order for the files of one of its modules. */
function domainPatterns(module, allowed = []) {
  return [
    { group: FRAMEWORKS, message: 'The domain stays pure: no frameworks, no Node-only modules (DESIGN.md 1).' },
    { group: ['@kiosk/api', '@kiosk/api/*', '**/apps/*', '**/apps/**'], message: 'The domain never imports an app.' },
    ...(module ? orderPattern(module, allowed) : []),
  ];
}

/** Modules of the domain: its folders but the in-memory doubles of `testing/`. */
const DOMAIN_MODULES = fs
  .readdirSync(path.join(__dirname, 'packages/domain/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
  .map((entry) => entry.name)
  .sort();

/** The order for one module's files (or for the files of an exception, with the modules it may still import). */
function orderOverride(files, allowed = []) {
  const [, app, , module] = files[0].split('/');
  if (files[0].startsWith('packages/domain/')) {
    return { files, excludedFiles: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: domainPatterns(module, allowed) }] } };
  }
  if (app === 'api' && module === 'platform') {
    return { files, excludedFiles: ['**/bench/**'], rules: { 'no-restricted-imports': ['error', { patterns: orderPattern('platform', allowed) }] } };
  }
  return moduleBoundary(module, files, allowed);
}

module.exports = {
  // For the module checks (apps/api/test/modules.test.ts).
  settings: { apiModules: API_MODULES, apiNotModules: API_NOT_MODULES, moduleLayers: MODULE_LAYERS, upwardExceptions: UPWARD_EXCEPTIONS, upwardRequires: UPWARD_REQUIRES },
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
        'no-restricted-imports': ['error', { patterns: domainPatterns() }],
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
    ...API_MODULES.map((module) => moduleBoundary(module)),
    orderOverride(['apps/api/src/platform/**/*.ts']),
    ...DOMAIN_MODULES.map((module) => orderOverride([`packages/domain/src/${module}/**/*.ts`])),
    // Last, so that each replaces the rule for its one file.
    ...UPWARD_EXCEPTIONS.map(({ file, imports }) => orderOverride([file], imports)),
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
      // apps/api/test/platform/file-sizes.test.ts lists every file over it, tests included.
      files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx'],
      excludedFiles: ['**/*.test.ts', '**/migrations/**'],
      rules: { 'max-lines': ['error', { max: 400 }] },
    },
  ],
};
