import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { parseKeyLines, registerLicenseCommands } from '../../src/engagement/licenses.cli';
import { startTestApp, TestApp } from '../support/harness';
import { givenEngagementVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Runs `kiosk <args>` against the test runtime and answers what it printed. */
async function kiosk(...args: string[]): Promise<unknown> {
  let printed: unknown;
  const program = new Command('kiosk').exitOverride();
  registerLicenseCommands(program, async (work) => {
    printed = await work(app.runtime);
  });
  await program.parseAsync(['node', 'kiosk', ...args]);
  return JSON.parse(JSON.stringify(printed));
}

describe('license commands', () => {
  it('creates a pool, loads keys from a file and flags, and prints the stock', async () => {
    const v = await givenEngagementVendor(app);
    await v.product('ebooks', 'article');
    expect(await kiosk('license-pool:create', '--vendor', v.vendorId, '--id', 'cli-pool', '--sku', 'ebooks', '--validity-days', '30')).toEqual({
      id: 'cli-pool',
      sku: 'ebooks',
      validitySeconds: 30 * 86_400,
      createdAt: app.clock.now().toISOString(),
      stock: { total: 0, available: 0, claimed: 0, active: 0, unusable: 0 },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'kiosk-keys-')), 'keys.txt');
    const later = new Date(app.clock.now().getTime() + 86_400_000).toISOString();
    writeFileSync(file, `# keys\nK-1\nK-2, ${later}\n\nK-1\n`);
    expect(await kiosk('license-keys:load', '--vendor', v.vendorId, '--pool', 'cli-pool', '--file', file, '--key', 'K-3')).toEqual({
      loaded: 3,
      skipped: 1,
      stock: { total: 3, available: 3, claimed: 0, active: 0, unusable: 0 },
    });
    expect(await kiosk('license-pool:stock', '--vendor', v.vendorId)).toEqual([expect.objectContaining({ id: 'cli-pool', stock: expect.objectContaining({ total: 3 }) })]);
    expect(await kiosk('license-pool:stock', '--vendor', v.vendorId, '--pool', 'cli-pool')).toMatchObject({ id: 'cli-pool' });
  });

  it('reads key files: one key a line, optional expiresAt, comments and blank lines skipped', () => {
    expect(parseKeyLines('A\n# c\n\nB,2030-01-01T00:00:00Z\r\n')).toEqual([
      { key: 'A', expiresAt: null },
      { key: 'B', expiresAt: new Date('2030-01-01T00:00:00Z') },
    ]);
    expect(() => parseKeyLines('A,not-a-date')).toThrow(/bad expiresAt/);
  });
});
