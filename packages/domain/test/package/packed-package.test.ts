import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The domain package as another service gets it: built, packed with
 * `npm pack`, installed (offline, its one dependency `jose` packed from this
 * repository's node_modules) into a project outside the repository, type-
 * checked against the package's `exports`, and run: a contract from creation
 * to an entitlement and a leaky count with the in-memory Kiosk.
 */
const ROOT = resolve(__dirname, '../../../..');
const DOMAIN = join(ROOT, 'packages/domain');
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });

const SCENARIO = `import { money } from '@kiosk/domain';
import type { Contract } from '@kiosk/domain/contracts';
import { createInMemoryKiosk } from '@kiosk/domain/testing';

const VENDOR = 'acme';
const kiosk = createInMemoryKiosk({ start: '2026-03-01T12:00:00.000Z' });
await kiosk.catalog.addProduct(VENDOR, 'news', { title: 'News', productType: 'publication', publisherContentId: 'news' }, {
  id: 'po-month', name: 'Monthly', price: money(9_900, 'SEK'), taxIncluded: true,
  recurring: { interval: 'MONTH', time: 1 }, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1,
});
const paywall = await kiosk.paywalls.create.execute({
  vendorId: VENDOR, name: 'Metered',
  content: {
    currency: 'SEK', headline: 'Read on with a subscription', mainColor: '#0a7cff',
    settings: { leaky: { enabled: true, count: 2, periodInHours: 24 } },
    subscriptions: [{ id: 'sub-1', sku: 'news', poId: 'po-month', title: 'Monthly', price: 99, periodText: 'per month' }],
  },
});
const reads: string[] = [];
for (const n of [1, 2, 3]) {
  const read = await kiosk.paywalls.access.execute({ vendorId: VENDOR, paywallId: paywall.id, visitorId: 'v-1', publisherContentId: 'news-' + n, url: 'https://news.example.com/' + n });
  reads.push(read.status + ':' + read.remaining);
}
const created: Contract = await kiosk.contracts.create.execute({
  vendorId: VENDOR, sku: 'news', purchaseOptionId: 'po-month',
  user: { email: 'reader@example.com' }, payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
});
const confirmed = await kiosk.contracts.confirm.execute({ vendorId: VENDOR, contractId: created.id });
await kiosk.deliverEvents();
const entitled = await kiosk.access.check.execute({ vendorId: VENDOR, userId: created.userId, sku: 'news' });
const subscriber = await kiosk.paywalls.access.execute({ vendorId: VENDOR, paywallId: paywall.id, userId: created.userId, publisherContentId: 'news', url: 'https://news.example.com/' });
console.log(JSON.stringify({ reads, status: confirmed.status, events: kiosk.events.map((e) => e.type), entitled, subscriber: subscriber.reason }));
`;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kiosk-domain-consumer-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('installs from its packed tarball outside the repository and runs a contract to an entitlement and a leaky count', () => {
  // The tarball holds dist/: build it (a no-op when it is up to date).
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', DOMAIN]);
  // Its runtime dependencies come packed from node_modules too, so the install needs no registry.
  cpSync(join(ROOT, 'node_modules/jose'), join(work, 'jose-src'), { recursive: true });
  cpSync(join(ROOT, 'node_modules/jsvat'), join(work, 'jsvat-src'), { recursive: true });
  npm(['pack', '--pack-destination', work, '--silent'], DOMAIN);
  npm(['pack', '--pack-destination', work, '--silent'], join(work, 'jose-src'));
  npm(['pack', '--pack-destination', work, '--silent'], join(work, 'jsvat-src'));
  const packed = readdirSync(work).filter((f) => f.endsWith('.tgz'));
  const domainTarball = packed.find((f) => f.startsWith('kiosk-domain-'))!;
  const joseTarball = packed.find((f) => f.startsWith('jose-'))!;
  const jsvatTarball = packed.find((f) => f.startsWith('jsvat-'))!;
  expect(domainTarball).toBeDefined();

  const app = join(work, 'consumer');
  cpSync(join(work, domainTarball), join(app, domainTarball));
  cpSync(join(work, joseTarball), join(app, joseTarball));
  cpSync(join(work, jsvatTarball), join(app, jsvatTarball));
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { '@kiosk/domain': `file:${domainTarball}`, jose: `file:${joseTarball}`, jsvat: `file:${jsvatTarball}` },
    }),
  );
  npm(['install', '--offline', '--ignore-scripts', '--no-package-lock'], app);

  writeFileSync(join(app, 'scenario.ts'), SCENARIO);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, lib: ['ES2023', 'DOM'], types: [], outDir: 'out' },
      files: ['scenario.ts'],
    }),
  );
  // Types resolve through the package's `exports` (the subpaths an editor completes).
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], { encoding: 'utf8' });
  const output = execFileSync(process.execPath, [join(app, 'out/scenario.js')], { cwd: app, encoding: 'utf8' });
  expect(JSON.parse(output)).toEqual({
    reads: ['allowed:1', 'allowed:0', 'blocked:0'],
    status: 'ACTIVE',
    events: expect.arrayContaining(['contract.created', 'contract.confirmed']),
    entitled: true,
    subscriber: 'entitled',
  });
}, 240_000);
