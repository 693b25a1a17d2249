#!/usr/bin/env node
import 'reflect-metadata';
import { fromMajor } from '@kiosk/domain';
import {
  CreateProduct,
  CreatePurchaseOption,
  CreateVendor,
  DEFAULT_MAX_QUANTITY,
  PRODUCT_TYPES,
  ProductType,
  RECURRING_INTERVALS,
  RecurringInterval,
} from '@kiosk/domain/catalog';
import { DomainError } from '@kiosk/domain';
import {
  API_KEY_ROLES,
  ApiKeyRole,
  CreateApiKey,
  CreateStaffUser,
  IssueUserToken,
  RegisterBrowserClient,
} from '@kiosk/domain/identity';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ConfigError, loadConfig } from '../config';
import { loadDemoData } from '../demo/demo-data';
import { openDatabase } from '../platform/database/open-database';
import { createLogger } from '../platform/logger';
import { createRuntime, Runtime, VERSION } from '../runtime';
import { createdKeyView } from '../identity/api-keys.controller';
import { TenantAddresses } from '../identity/tenant-addresses';
import { registerCapsuleCommands } from '../capsule/capsule.cli';
import { registerProductScopeCommands } from '../capsule/product-scopes.cli';
import { registerBillingCommands } from '../billing/billing.cli';
import { registerAccessCommands } from '../access/access.cli';
import { registerStorefrontCommands } from '../storefront/storefront.cli';
import { registerFulfillmentCommands } from '../engagement/fulfillments.cli';
import { registerLicenseCommands } from '../engagement/licenses.cli';

/**
 * The operator's command line. Every command goes through the same use cases
 * as the HTTP routes and prints JSON on stdout.
 */
async function withRuntime(work: (runtime: Runtime) => Promise<unknown>): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger, { shareRunningEmbedded: true });
  try {
    const runtime = await createRuntime(config, database, logger);
    const result = await work(runtime);
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
};
const amount = (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a non-negative number');
  return n;
};
const list = (value: string, previous: string[] = []) => [...previous, value];

const program = new Command('kiosk').description('Kiosk operator command line').version(VERSION);

program
  .command('vendor:create')
  .description('create a vendor')
  .requiredOption('--id <id>', 'vendor id (lowercase letters, digits, hyphens)')
  .requiredOption('--name <name>', 'display name')
  .option('--domain <host>', 'a domain of the vendor (repeatable)', list, [])
  .action((o: { id: string; name: string; domain: string[] }) =>
    withRuntime((r) => r.container.get(CreateVendor).execute({ id: o.id, name: o.name, domains: o.domain })),
  );

program
  .command('staff:create')
  .description('create (or promote) a staff user of a vendor')
  .requiredOption('--vendor <id>')
  .requiredOption('--email <email>')
  .option('--first-name <name>')
  .option('--last-name <name>')
  .action((o: { vendor: string; email: string; firstName?: string; lastName?: string }) =>
    withRuntime((r) =>
      r.container
        .get(CreateStaffUser)
        .execute({ vendorId: o.vendor, email: o.email, firstName: o.firstName, lastName: o.lastName }),
    ),
  );

program
  .command('staff:token')
  .description("mint a staff user's access token with the service's own signer (until sign-in exists)")
  .requiredOption('--vendor <id>')
  .requiredOption('--user <userId>')
  .action((o: { vendor: string; user: string }) =>
    withRuntime((r) => r.container.get(IssueUserToken).execute({ vendorId: o.vendor, userId: o.user })),
  );

program
  .command('api-key:create')
  .description('create an API key; the secret is printed once')
  .requiredOption('--vendor <id>')
  .requiredOption('--name <name>')
  .addOption(new Option('--role <role>').choices([...API_KEY_ROLES]).default('read'))
  .option('--contracts-write', 'grant contracts:write to this key', false)
  .action((o: { vendor: string; name: string; role: ApiKeyRole; contractsWrite: boolean }) =>
    withRuntime(async (r) => {
      const created = await r.container.get(CreateApiKey).execute({
        actor: { kind: 'operator' },
        vendorId: o.vendor,
        name: o.name,
        role: o.role,
        grants: o.contractsWrite ? ['contracts:write'] : [],
      });
      return createdKeyView(created, r.container.get(TenantAddresses));
    }),
  );

program
  .command('product:create')
  .description('create a product')
  .requiredOption('--vendor <id>')
  .requiredOption('--sku <sku>')
  .requiredOption('--title <title>')
  .addOption(new Option('--type <type>').choices([...PRODUCT_TYPES]).makeOptionMandatory())
  .option('--publisher-content-id <id>')
  .action((o: { vendor: string; sku: string; title: string; type: ProductType; publisherContentId?: string }) =>
    withRuntime((r) =>
      r.container.get(CreateProduct).execute({
        vendorId: o.vendor,
        sku: o.sku,
        title: o.title,
        productType: o.type,
        publisherContentId: o.publisherContentId,
      }),
    ),
  );

program
  .command('purchase-option:create')
  .description('create a purchase option of a product')
  .requiredOption('--vendor <id>')
  .requiredOption('--sku <sku>')
  .requiredOption('--id <id>')
  .requiredOption('--name <name>')
  .requiredOption('--price <major>', 'price per unit in major units', amount)
  .requiredOption('--currency <code>')
  .addOption(new Option('--interval <interval>', 'recurring interval; omit for one-time').choices([...RECURRING_INTERVALS]))
  .option('--interval-count <n>', 'intervals per cycle', positiveInt, 1)
  .option('--seats-per-unit <n>', 'seats per billed unit', positiveInt, 1)
  .option('--min-quantity <n>', '', positiveInt, 1)
  .option('--max-quantity <n>', '', positiveInt, DEFAULT_MAX_QUANTITY)
  .option('--tax-excluded', 'prices exclude tax', false)
  .action(
    (o: {
      vendor: string;
      sku: string;
      id: string;
      name: string;
      price: number;
      currency: string;
      interval?: RecurringInterval;
      intervalCount: number;
      seatsPerUnit: number;
      minQuantity: number;
      maxQuantity: number;
      taxExcluded: boolean;
    }) =>
      withRuntime((r) =>
        r.container.get(CreatePurchaseOption).execute({
          id: o.id,
          vendorId: o.vendor,
          sku: o.sku,
          name: o.name,
          price: fromMajor(o.price, o.currency),
          taxIncluded: !o.taxExcluded,
          recurring: o.interval ? { interval: o.interval, time: o.intervalCount } : null,
          seatsPerUnit: o.seatsPerUnit,
          minQuantity: o.minQuantity,
          maxQuantity: o.maxQuantity,
        }),
      ),
  );

program
  .command('client:create')
  .description("register a vendor's browser client (a site) for sign-in and visitor credentials")
  .requiredOption('--vendor <id>')
  .requiredOption('--name <name>')
  .requiredOption('--redirect-uri <url>', 'an exact sign-in redirect address (repeatable)', list, [])
  .option('--origin <origin>', 'an allowed origin (repeatable; default: those of the redirect addresses)', list, [])
  .option('--client-id <id>', 'choose the client id instead of a random one')
  .action((o: { vendor: string; name: string; redirectUri: string[]; origin: string[]; clientId?: string }) =>
    withRuntime((r) =>
      r.container.get(RegisterBrowserClient).execute({
        vendorId: o.vendor,
        name: o.name,
        redirectUris: o.redirectUri,
        allowedOrigins: o.origin,
        clientId: o.clientId,
      }),
    ),
  );

program
  .command('demo:load')
  .description('load the demo vendor and print a staff token and an API key for it')
  .action(() => withRuntime((r) => loadDemoData(r.container, { withCredentials: true })));

program
  .command('worker')
  .description('run only the background worker (for deployments that scale it apart from the API)')
  .action(async () => {
    const config = loadConfig();
    const logger = createLogger(config.logLevel);
    const database = await openDatabase(config, logger, { shareRunningEmbedded: true });
    const runtime = await createRuntime(config, database, logger);
    runtime.worker.start(config.workerPollMs);
    logger.info('worker running');
    const stop = async () => {
      await runtime.worker.stop();
      await database.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop());
    process.on('SIGINT', () => void stop());
  });

registerCapsuleCommands(program, withRuntime);
registerProductScopeCommands(program, withRuntime);
registerBillingCommands(program, withRuntime);
registerAccessCommands(program, withRuntime);
registerStorefrontCommands(program, withRuntime);
registerFulfillmentCommands(program, withRuntime);
registerLicenseCommands(program, withRuntime);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof DomainError) {
    process.stderr.write(`${JSON.stringify({ error: error.code, message: error.message, ...error.details })}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`kiosk: configuration error: ${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`kiosk: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
