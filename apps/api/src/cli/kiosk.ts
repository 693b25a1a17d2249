#!/usr/bin/env node
import 'reflect-metadata';
import { fromMajor } from '@kiosk/domain';
import {
  CreateProduct,
  CreatePurchaseOption,
  DEFAULT_MAX_QUANTITY,
  PRODUCT_TYPES,
  ProductType,
  RECURRING_INTERVALS,
  RecurringInterval,
  VendorNotFound,
} from '@kiosk/domain/catalog';
import { DomainError } from '@kiosk/domain';
import { TAX_CATEGORIES, TaxCategory } from '@kiosk/domain/billing';
import {
  API_KEY_ROLES,
  ApiKeyRole,
  CreateApiKey,
  CreateStaffUser,
  GRANTABLE_SCOPES,
  InviteStaff,
  IssueUserToken,
  RegisterBrowserClient,
  STAFF_ROLES,
  StaffRole,
} from '@kiosk/domain/identity';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ConfigError, loadConfig } from '../config';
import { loadDemoData } from '../demo/demo-data';
import { openDatabase } from '../platform/database/open-database';
import { EmbeddedDatabaseInUse } from '../platform/database/embedded-postgres';
import { describeEveryOption } from './option-descriptions';
import { createLogger } from '../platform/logger';
import { createRuntime, Runtime, VERSION } from '../runtime';
import { createdKeyView } from '../identity/api-keys.controller';
import { TenantAddresses } from '../identity/tenant-addresses';
import { registerCapsuleCommands } from '../capsule/capsule.cli';
import { registerProductScopeCommands } from '../capsule/product-scopes.cli';
import { registerBillingCommands } from '../billing/billing.cli';
import { registerAccessCommands, registerAutoOnboardCommands } from '../access/access.cli';
import { registerWebhookCommands } from '../webhooks/webhooks.cli';
import { registerFulfillmentCommands } from '../engagement/fulfillments.cli';
import { registerLicenseCommands } from '../engagement/licenses.cli';
import { registerCheckoutCommands } from '../checkout/checkout.cli';
import { registerScriptCommands } from '../scripts/scripts.cli';
import { registerVendorCommands } from '../catalog/vendors.cli';
import { registerBackupCommands } from './backup.cli';
import { registerRateLimitCommands } from '../platform/rate-limits/rate-limits.cli';
import { BackupRefused } from '../platform/database/backup';
import { StaffLinkRefused, StaffSignInLinks } from '../identity/browser/staff-sign-in-link';
import { CATALOG } from '../catalog/catalog.module';
import { TOKENS } from '../platform/tokens';

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

const program = new Command('kiosk')
  .description('Kiosk operator command line: every command prints JSON on stdout')
  .version(VERSION)
  .addHelpText(
    'after',
    `
Environment: the same as the service (README lists it). DATABASE_URL selects PostgreSQL; without it the
embedded database in DATA_DIR is used, through the running service's port when a Kiosk has it open (its
lock file in DATA_DIR names the port), else opened here. It is never opened twice.

Exit codes: 0 done; 2 refused by a business rule (JSON on stderr says why); 75 the embedded database is
open in a process this command cannot reach; 78 bad configuration; 1 anything else.`,
  );

registerVendorCommands(program, withRuntime);

program
  .command('staff:create')
  .description("create (or promote) a staff member of a vendor: the vendor's first owner (docs/team-and-staff.md)")
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--email <email>', "the staff member's e-mail address (signs in with it)")
  .option('--first-name <name>', 'given name')
  .option('--last-name <name>', 'family name')
  .addOption(new Option('--role <role>', 'role in the vendor\'s team').choices([...STAFF_ROLES]).default('owner'))
  .option('--invite', 'mail an invitation instead (valid 7 days): the person joins by signing in or up with that address', false)
  .action((o: { vendor: string; email: string; firstName?: string; lastName?: string; role: StaffRole; invite: boolean }) =>
    withRuntime(async (r) => {
      if (!o.invite) {
        return r.container
          .get(CreateStaffUser)
          .execute({ vendorId: o.vendor, email: o.email, firstName: o.firstName, lastName: o.lastName, role: o.role });
      }
      if (!(await r.container.get(CATALOG.Vendors).find(o.vendor))) throw new VendorNotFound(o.vendor);
      const base = r.container.get(TOKENS.Config).baseUrl.replace(/\/+$/, '');
      const invitation = await r.container.get(InviteStaff).execute({
        vendorId: o.vendor,
        email: o.email,
        role: o.role,
        invitedBy: 'operator',
        acceptUrl: (token) => `${base}/auth/invitations/${token}`,
      });
      // The link is only in the mail (as when an owner invites in the portal).
      return { invitation: { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt }, mailed: true };
    }),
  );

program
  .command('staff:sign-in-link')
  .description("print a staff member's one-time portal sign-in link (single use, valid 24 hours)")
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--email <email>', "the staff member's e-mail address")
  .action((o: { vendor: string; email: string }) =>
    withRuntime(async (r) => {
      const link = await r.container.get(StaffSignInLinks).mint(o.vendor, o.email);
      return { url: link.url, expiresAt: link.expiresAt, userId: link.userId };
    }),
  );

program
  .command('staff:token')
  .description("mint a staff user's access token with the service's own signer, for scripts and first steps (people sign in to the portal)")
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--user <userId>', 'id of the staff user (printed by staff:create)')
  .action((o: { vendor: string; user: string }) =>
    withRuntime((r) => r.container.get(IssueUserToken).execute({ vendorId: o.vendor, userId: o.user })),
  );

program
  .command('api-key:create')
  .description('create an API key; the secret is printed once')
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--name <name>', 'a name to recognise the key by')
  .addOption(new Option('--role <role>', 'scope preset of the key').choices([...API_KEY_ROLES]).default('read'))
  .option('--contracts-write', 'grant contracts:write to this key', false)
  .option('--grant <scope>', `grant a scope beyond the preset (repeatable): ${GRANTABLE_SCOPES.join(', ')}`, list, [])
  .action((o: { vendor: string; name: string; role: ApiKeyRole; contractsWrite: boolean; grant: string[] }) =>
    withRuntime(async (r) => {
      const created = await r.container.get(CreateApiKey).execute({
        actor: { kind: 'operator' },
        vendorId: o.vendor,
        name: o.name,
        role: o.role,
        grants: [...(o.contractsWrite ? ['contracts:write'] : []), ...o.grant],
      });
      return createdKeyView(created, r.container.get(TenantAddresses));
    }),
  );

program
  .command('product:create')
  .description('create a product')
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--sku <sku>', 'the SKU, unique per vendor')
  .requiredOption('--title <title>', 'the title shown to readers')
  .addOption(new Option('--type <type>', 'kind of product').choices([...PRODUCT_TYPES]).makeOptionMandatory())
  .option('--publisher-content-id <id>', "the vendor's own id of the content the product sells")
  .addOption(new Option('--tax-category <category>', 'what the product is for VAT (default standard)').choices([...TAX_CATEGORIES]))
  .action((o: { vendor: string; sku: string; title: string; type: ProductType; publisherContentId?: string; taxCategory?: TaxCategory }) =>
    withRuntime((r) =>
      r.container.get(CreateProduct).execute({
        vendorId: o.vendor,
        sku: o.sku,
        title: o.title,
        productType: o.type,
        publisherContentId: o.publisherContentId,
        taxCategory: o.taxCategory,
      }),
    ),
  );

program
  .command('purchase-option:create')
  .description('create a purchase option of a product')
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--sku <sku>', 'SKU of the product it sells')
  .requiredOption('--id <id>', 'id of the purchase option (contracts name it as purchaseOptionId)')
  .requiredOption('--name <name>', 'display name')
  .requiredOption('--price <major>', 'price per unit in major units', amount)
  .requiredOption('--currency <code>', 'ISO 4217 currency code, such as SEK or EUR')
  .addOption(new Option('--interval <interval>', 'recurring interval; omit for one-time').choices([...RECURRING_INTERVALS]))
  .option('--interval-count <n>', 'intervals per cycle', positiveInt, 1)
  .option('--seats-per-unit <n>', 'seats per billed unit', positiveInt, 1)
  .option('--min-quantity <n>', 'fewest units a contract may buy', positiveInt, 1)
  .option('--max-quantity <n>', 'most units a contract may buy', positiveInt, DEFAULT_MAX_QUANTITY)
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
  .requiredOption('--vendor <id>', 'id of the vendor')
  .requiredOption('--name <name>', 'display name of the site')
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
registerAutoOnboardCommands(program, withRuntime);
registerFulfillmentCommands(program, withRuntime);
registerLicenseCommands(program, withRuntime);
registerCheckoutCommands(program, withRuntime);
registerScriptCommands(program, withRuntime);
registerWebhookCommands(program, withRuntime);
registerRateLimitCommands(program, (work) => withRuntime((r) => work(r.database.db)));
registerBackupCommands(program, (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`));

describeEveryOption(program);

/** The whole command line (tests read its commands and options). */
export const kiosk = program;

/** Exit codes: 0 done, 2 refused by a business rule, 75 embedded database in use, 78 bad configuration, 1 anything else. */
export function exitWith(error: unknown): { code: number; message: string } {
  if (error instanceof DomainError) {
    return { code: 2, message: JSON.stringify({ error: error.code, message: error.message, ...error.details }) };
  }
  if (error instanceof ConfigError) return { code: 78, message: `kiosk: configuration error: ${error.message}` };
  if (error instanceof BackupRefused || error instanceof StaffLinkRefused) return { code: 2, message: `kiosk: refused: ${error.message}` };
  if (error instanceof EmbeddedDatabaseInUse) return { code: 75, message: `kiosk: refused: ${error.message}` };
  return { code: 1, message: `kiosk: ${error instanceof Error ? error.message : String(error)}` };
}

/** Runs one command line; `bin/kiosk.js` (what `npm run kiosk` runs) calls this. */
export function run(argv: string[]): Promise<unknown> {
  return program.parseAsync(argv).catch((error: unknown) => {
    const { code, message } = exitWith(error);
    process.stderr.write(`${message}\n`);
    process.exit(code);
  });
}

if (require.main === module) void run(process.argv);
