import { readFileSync } from 'node:fs';
import { CreateLicensePool, GetLicensePool, LicenseKeyInput, ListLicensePools, LoadLicenseKeys } from '@kiosk/domain/engagement';
import { Command, InvalidArgumentError } from 'commander';
import { Runtime } from '../runtime';
import { licensePoolView } from './licenses.views';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
};
const list = (value: string, previous: string[] = []) => [...previous, value];

/** One key a line, optionally `key,expiresAt` (ISO 8601); blank lines and `#` comments skipped. */
export function parseKeyLines(text: string): LicenseKeyInput[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line, index) => {
      const [key, expires] = line.split(',').map((part) => part.trim());
      const expiresAt = expires ? new Date(expires) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new InvalidArgumentError(`line ${index + 1}: bad expiresAt "${expires}"`);
      return { key, expiresAt };
    });
}

/** `kiosk license-pool:create`, `license-keys:load`, `license-pool:stock`. */
export function registerLicenseCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('license-pool:create')
    .description('create a license pool for a sku')
    .requiredOption('--vendor <id>')
    .requiredOption('--id <poolId>', 'letters, digits, underscores, hyphens; 1 to 128')
    .requiredOption('--sku <sku>')
    .option('--validity-seconds <n>', 'how long a key is valid from its claim', positiveInt)
    .option('--validity-days <n>', 'the same in days', positiveInt)
    .action((o: { vendor: string; id: string; sku: string; validitySeconds?: number; validityDays?: number }) =>
      withRuntime(async (r) =>
        licensePoolView(
          await r.container.get(CreateLicensePool).execute({
            vendorId: o.vendor,
            poolId: o.id,
            sku: o.sku,
            validitySeconds: o.validitySeconds ?? (o.validityDays ? o.validityDays * 86_400 : null),
          }),
        ),
      ),
    );

  program
    .command('license-keys:load')
    .description('load keys into a pool from a file (one key a line, optionally "key,expiresAt") and/or --key')
    .requiredOption('--vendor <id>')
    .requiredOption('--pool <poolId>')
    .option('--file <path>', 'file of keys')
    .option('--key <key>', 'a key (repeatable)', list, [])
    .option('--expires-at <iso>', 'expiresAt for the keys given with --key')
    .action((o: { vendor: string; pool: string; file?: string; key: string[]; expiresAt?: string }) =>
      withRuntime(async (r) => {
        const expiresAt = o.expiresAt ? new Date(o.expiresAt) : null;
        if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new InvalidArgumentError('--expires-at is not a time');
        const given = [...(o.file ? parseKeyLines(readFileSync(o.file, 'utf8')) : []), ...o.key.map((key) => ({ key, expiresAt }))];
        // A key listed twice is loaded once (the first line wins) and counted as skipped.
        const seen = new Set<string>();
        const keys = given.filter((k) => (seen.has(k.key) ? false : (seen.add(k.key), true)));
        const load = r.container.get(LoadLicenseKeys);
        let loaded = 0;
        let skipped = given.length - keys.length;
        let stock;
        for (let start = 0; start < keys.length || start === 0; start += 1000) {
          const result = await load.execute({ vendorId: o.vendor, poolId: o.pool, keys: keys.slice(start, start + 1000) });
          loaded += result.loaded;
          skipped += result.skipped;
          stock = result.stock;
        }
        return { loaded, skipped, stock };
      }),
    );

  program
    .command('license-pool:stock')
    .description("print a vendor's pools (or one) with their stock")
    .requiredOption('--vendor <id>')
    .option('--pool <poolId>')
    .action((o: { vendor: string; pool?: string }) =>
      withRuntime(async (r) =>
        o.pool
          ? licensePoolView(await r.container.get(GetLicensePool).execute({ vendorId: o.vendor, poolId: o.pool }))
          : (await r.container.get(ListLicensePools).execute(o.vendor)).map(licensePoolView),
      ),
    );
}
