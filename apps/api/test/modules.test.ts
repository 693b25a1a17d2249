import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Container } from 'inversify';
import { bindPlatform, MODULES } from '../src/container';
import { loadConfig } from '../src/config';
import { Database } from '../src/platform/database/open-database';
import { buildOpenApiDocument } from '../src/platform/http/openapi';
import { createLogger } from '../src/platform/logger';
import { folderOf, KioskModule, loadModules } from '../src/platform/modules';
import { TOKENS } from '../src/platform/tokens';
import { openTestDatabase } from './support/harness';

// DESIGN.md 2: one module, one name, in both places; a module uses another
// only through its public file; the composition root's order hides nothing.

const ROOT = join(__dirname, '../../..');
const API_SRC = join(ROOT, 'apps/api/src');
const DOMAIN_SRC = join(ROOT, 'packages/domain/src');
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

// eslint-disable-next-line @typescript-eslint/no-require-imports
const eslintrc = require('../../../.eslintrc.cjs') as {
  settings: {
    apiModules: string[];
    apiNotModules: string[];
    moduleLayers: string[][];
    upwardExceptions: { file: string; imports: string[]; why: string }[];
    upwardRequires: { module: string; requires: string[]; why: string }[];
  };
};
/** Folders of apps/api/src that are no module of the domain: plumbing, command line, health, demo data, benchmarks, types. */
const NOT_DOMAIN_MODULES = ['platform', 'cli', 'health', 'demo', 'portal'];

describe('module folders', () => {
  it('apps/api/src has a folder only for a module the domain has (and the platform, command line, health, demo data, the portal)', () => {
    const domainModules = folders(DOMAIN_SRC).filter((m) => !['shared', 'testing'].includes(m));
    expect(folders(API_SRC).filter((f) => !domainModules.includes(f) && !NOT_DOMAIN_MODULES.includes(f))).toEqual([]);
  });

  it('no module, part, doc or test folder has a letter for a name', () => {
    const lettered = /(^|[-_.])[a-z]$/;
    const names = [
      ...folders(API_SRC),
      ...folders(DOMAIN_SRC),
      ...folders(join(ROOT, 'apps/api/test')),
      ...folders(join(ROOT, 'packages/domain/test')),
      ...MODULES.map((m) => m.name.replace(':', '.')),
      // Migrations are history: their names are recorded in every database they ran on.
      ...filesUnder(API_SRC)
        .filter((f) => !f.includes('/migrations/') && !f.endsWith('.d.ts'))
        .map((f) => f.replace(/\.ts$/, '').split('/').pop()!.replace(/\.module$/, '')),
      ...filesUnder(DOMAIN_SRC).map((f) => f.replace(/\.ts$/, '').split('/').pop()!),
      ...readdirSync(join(ROOT, 'docs')).map((f) => f.replace(/\.md$/, '')),
    ];
    expect(names.filter((n) => lettered.test(n))).toEqual([]);
  });

  it('test folders are named after modules', () => {
    // `management`: the management interface's resources across modules (docs/management.md).
    // `team`: vendor staff, roles and invitations (identity; docs/team-and-staff.md).
    // `docs`: the pages of docs/ that promise commands, run as written.
    const known = [...eslintrc.settings.apiModules, 'platform', 'cli', 'support', 'browser', 'management', 'team', 'docs'];
    expect(folders(join(ROOT, 'apps/api/test')).filter((f) => !known.includes(f))).toEqual([]);
  });

  it('the lint rule covers every module folder, and the composition root loads every module', () => {
    const modules = folders(API_SRC).filter((f) => !eslintrc.settings.apiNotModules.includes(f));
    expect(eslintrc.settings.apiModules).toEqual(modules);
    expect([...new Set(MODULES.map(folderOf))].sort()).toEqual(modules);
  });
});

describe('module dependencies', () => {
  it("every module a module's files import from is among its requires (the requires of its parts, for a module of parts)", () => {
    const undeclared: string[] = [];
    for (const folder of [...new Set(MODULES.map(folderOf))]) {
      const required = new Set(MODULES.filter((m) => folderOf(m) === folder).flatMap((m) => m.requires.map((r) => r.split(':')[0])));
      for (const file of filesUnder(join(API_SRC, folder))) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const target = relative(API_SRC, join(file, '..', specifier)).split('/')[0];
          if (target !== folder && eslintrc.settings.apiModules.includes(target) && !required.has(target)) {
            undeclared.push(`${folder} imports ${target} (${relative(API_SRC, file)})`);
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('every module requires only modules below it in the order (its own parts aside), but the listed exceptions, each still there', () => {
    const layerOf = (name: string) => eslintrc.settings.moduleLayers.findIndex((layer) => layer.includes(name.split(':')[0]));
    const excepted = (module: string, required: string) =>
      eslintrc.settings.upwardRequires.some((e) => e.module === module && e.requires.includes(required));
    const upward = MODULES.flatMap((m) =>
      m.requires
        .filter((r) => folderOf({ name: r }) !== folderOf(m) && layerOf(r) >= layerOf(m.name) && !excepted(m.name, r))
        .map((r) => `${m.name} requires ${r}`),
    );
    expect(upward).toEqual([]);
    const stale = eslintrc.settings.upwardRequires.flatMap((e) =>
      e.requires.filter((r) => !MODULES.find((m) => m.name === e.module)?.requires.includes(r)).map((r) => `${e.module} → ${r}`),
    );
    expect(stale).toEqual([]);
  });

  describe('with a database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(1);
    });
    afterAll(() => database.close());

    const config = loadConfig({ NODE_ENV: 'test', BASE_URL: 'http://kiosk.test' });
    const containerOf = (modules: readonly KioskModule[]) => {
      const container = new Container({ defaultScope: 'Singleton' });
      bindPlatform(container, config, database.db, createLogger('silent'));
      loadModules(container, modules);
      return container;
    };
    const closure = (module: KioskModule): KioskModule[] => {
      const names = new Set<string>();
      const visit = (name: string) => {
        if (names.has(name)) return;
        names.add(name);
        MODULES.find((m) => m.name === name)!.requires.forEach(visit);
      };
      visit(module.name);
      return MODULES.filter((m) => names.has(m.name));
    };

    it.each(MODULES.map((m) => [m.name, m] as const))(
      '%s resolves everything it binds with only the modules it requires (transitively)',
      (_name, module) => {
        const container = containerOf(closure(module));
        for (const id of module.bound) expect(() => container.getAll(id)).not.toThrow();
        expect(module.bound.size).toBeGreaterThan(0);
      },
    );

    it('loads in any order: reversed, the same routes, document, event handlers, tasks and erasers', () => {
      const summary = (container: Container) => ({
        document: JSON.stringify(
          buildOpenApiDocument(
            container.getAll(TOKENS.Controller).flatMap((c) => c.routes()),
            { title: 'Kiosk', version: 'test', serverUrl: config.baseUrl },
          ),
        ),
        routes: container
          .getAll(TOKENS.Controller)
          .flatMap((c) => c.routes())
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
        handlers: container.getAll(TOKENS.EventHandler).length,
        tasks: container.getAll(TOKENS.PeriodicTask).length,
        erasers: container.getAll(TOKENS.PersonalDataEraser).length,
      });
      expect(summary(containerOf([...MODULES].reverse()))).toEqual(summary(containerOf(MODULES)));
    });

    it('refuses a set of modules where a required one is missing', () => {
      expect(() => containerOf(MODULES.filter((m) => m.name !== 'billing'))).toThrow(/requires billing, which is not loaded/);
    });
  });
});

describe('the module lint rule', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LegacyESLint } = require('eslint/use-at-your-own-risk') as {
    LegacyESLint: new (options: { cwd: string }) => {
      lintText(code: string, options: { filePath: string }): Promise<{ messages: { ruleId: string | null; message: string }[] }[]>;
    };
  };
  const eslint = new LegacyESLint({ cwd: ROOT });
  const restricted = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it("refuses another module's rows, repositories and views, also from a nested folder", async () => {
    const rows = await restricted('apps/api/src/access/fixture.ts', "import { BillRow } from '../billing/billing.rows';\nexport const x = BillRow;\n");
    expect(rows).toEqual([expect.stringContaining('only through its public file')]);
    const nested = await restricted(
      'apps/api/src/checkout/browser/fixture.ts',
      "import { EmbeddedMailer } from '../../billing/embedded-mailer';\nexport const x = EmbeddedMailer;\n",
    );
    expect(nested).toHaveLength(1);
    const views = await restricted('apps/api/src/webhooks/fixture.ts', "export { billView } from '../billing/billing.views';\n");
    expect(views).toHaveLength(1);
  });

  it("lets a module use another's public file, its own files and the platform", async () => {
    const code = [
      "import { BILLING } from '../billing/billing.module';",
      "import { AccessTokenVerifier } from '../../identity/identity.module';",
      "import { TOKENS } from '../platform/tokens';",
      "import { EntitlementRow } from './access.rows';",
      'export const x = [BILLING, AccessTokenVerifier, TOKENS, EntitlementRow];',
      '',
    ].join('\n');
    expect(await restricted('apps/api/src/access/fixture.ts', code.replace('../../identity', '../identity'))).toEqual([]);
    expect(await restricted('apps/api/src/access/proxy/fixture.ts', code.replace("'../billing", "'../../billing").replace("'../platform", "'../../platform").replace("'./access.rows'", "'../access.rows'"))).toEqual([]);
  });

  it('refuses an import pointing up the module order, in apps/api and in the domain, but a listed exception', async () => {
    const up = "import { CHECKOUT } from '../checkout/checkout.module';\nexport const x = CHECKOUT;\n";
    expect(await restricted('apps/api/src/billing/fixture.ts', up)).toEqual([expect.stringContaining('An import may point down only')]);
    expect(await restricted('apps/api/src/billing/nested/fixture.ts', up.replace("'../", "'../../"))).toHaveLength(1);
    const sideways = "import { STATS } from '../stats/stats.module';\nexport const x = STATS;\n";
    expect(await restricted('apps/api/src/webhooks/fixture.ts', sideways)).toEqual([expect.stringContaining('its own layer or above')]);
    const platform = "import { IDENTITY } from '../../identity/identity.module';\nexport const x = IDENTITY;\n";
    expect(await restricted('apps/api/src/platform/http/fixture.ts', platform)).toHaveLength(1);
    const domain = "import { Invoice } from '../billing/invoice';\nexport type X = Invoice;\n";
    expect(await restricted('packages/domain/src/identity/fixture.ts', domain)).toEqual([expect.stringContaining('An import may point down only')]);
    const down = "import { IDENTITY } from '../identity/identity.module';\nexport const x = IDENTITY;\n";
    expect(await restricted('apps/api/src/billing/fixture.ts', down)).toEqual([]);
    // A listed exception lets its one file import the higher module it names (through that module's public file).
    const excepted = eslintrc.settings.upwardExceptions.find((e) => /^apps\/api\/src\/(?!platform\/)[a-z]+\/[a-z.-]+\.ts$/.test(e.file));
    if (excepted) {
      const [target] = excepted.imports;
      const token = `import * as higher from '../${target}/${target}.module';\nexport const x = higher;\n`;
      expect(await restricted(excepted.file, token)).toEqual([]);
      expect(await restricted(excepted.file.replace(/[^/]+$/, 'fixture.ts'), token)).toHaveLength(1);
    }
  });

  it('places every module folder of apps/api and of the domain in one layer of the order', () => {
    const placed = eslintrc.settings.moduleLayers.flat();
    expect(new Set(placed).size).toBe(placed.length);
    const modules = [...folders(API_SRC).filter((f) => f !== 'cli'), ...folders(DOMAIN_SRC).filter((f) => f !== 'testing')];
    expect(modules.filter((m) => !placed.includes(m))).toEqual([]);
  });

  it('lists as an exception only an upward import that is still there (delete the entry when it goes)', () => {
    const layerOf = (m: string) => eslintrc.settings.moduleLayers.findIndex((layer) => layer.includes(m));
    const stale = eslintrc.settings.upwardExceptions.flatMap(({ file, imports }) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const from = file.split('/')[3];
      const used = [...source.matchAll(/from '((?:\.\.\/)+)([a-z-]+)[/']/g)].map((m) => m[2]);
      return imports.filter((m) => !used.includes(m) || layerOf(m) < layerOf(from)).map((m) => `${file} → ${m}`);
    });
    expect(stale).toEqual([]);
  });
});
