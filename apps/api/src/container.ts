import 'reflect-metadata';
import { Clock, IdGenerator } from '@kiosk/domain';
import { Container } from 'inversify';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { accessModule } from './access/access.module';
import { billingModule } from './billing/billing.module';
import { capsuleModule } from './capsule/capsule.module';
import { catalogModule } from './catalog/catalog.module';
import { checkoutModule } from './checkout/checkout.module';
import { Config } from './config';
import { contractsModule } from './contracts/contracts.module';
import { engagementModule } from './engagement/engagement.module';
import { healthModule } from './health/health.module';
import { identityModule } from './identity/identity.module';
import { signInModule } from './identity/sign-in.module';
import { signInCodesModule } from './identity/sign-in-codes.module';
import { managementUsersModule } from './identity/management-users.module';
import { paywallsModule } from './paywalls/paywalls.module';
import { ConfigCache } from './platform/cache/config-cache';
import { KioskModule, loadModules } from './platform/modules';
import { PlatformEraser } from './platform/platform.eraser';
import { SystemClock, UuidV7Ids } from './platform/system';
import { TOKENS } from './platform/tokens';
import { OutboxVendorWork } from './platform/outbox/outbox-vendor-work';
import { VendorTimeClock, VendorTimeScope } from './platform/vendor-time';
import { scriptsModule } from './scripts/scripts.module';
import { demoSiteModule } from './demo/demo.module';
import { webhooksModule } from './webhooks/webhooks.module';
import { statsModule } from './stats/stats.module';
import { portalModule } from './portal/portal.module';
import { RateLimits } from './platform/rate-limits/rate-limits';
import { mailModule } from './mail/mail.module';

export interface ContainerOverrides {
  clock?: Clock;
  ids?: IdGenerator;
}

/**
 * Every module of the API. Each declares the modules it requires, and
 * `loadModules` refuses a list where one is missing; bindings are resolved
 * when first used, so the order only decides the order of multi-bound
 * controllers (Express's route order) and handlers, not what resolves.
 */
export const MODULES: readonly KioskModule[] = [
  healthModule,
  catalogModule,
  identityModule,
  capsuleModule,
  billingModule,
  accessModule,
  contractsModule,
  engagementModule,
  signInCodesModule,
  signInModule,
  managementUsersModule,
  paywallsModule,
  checkoutModule,
  webhooksModule,
  scriptsModule,
  demoSiteModule,
  statsModule,
  portalModule,
  mailModule,
];

/** What the composition root binds itself, before any module: configuration, database, logger, clock, ids. */
export function bindPlatform(container: Container, config: Config, db: DataSource, logger: Logger, overrides: ContainerOverrides = {}) {
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.DataSource).toConstantValue(db);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  // Reads a test vendor's own clock inside its time (vendor-time.ts), the given or system clock elsewhere.
  container.bind(TOKENS.Clock).toConstantValue(new VendorTimeClock(overrides.clock ?? new SystemClock()));
  container.bind(TOKENS.Ids).toConstantValue(overrides.ids ?? new UuidV7Ids());
  container.bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new PlatformEraser(c.get(TOKENS.DataSource)));
  // Vendor configuration cached per process, invalidated across processes (LISTEN/NOTIFY); close it with the database.
  container.bind(ConfigCache).toConstantValue(new ConfigCache(db, logger));
  // Counted in the database, so every process of a deployment shares the limits (docs/operations.md, "Rate limits").
  container.bind(RateLimits).toConstantValue(new RateLimits(db, logger, container.get(ConfigCache)));
  container.bind(VendorTimeScope).toDynamicValue((c) => new VendorTimeScope(c.get(TOKENS.DataSource), c.get(ConfigCache)));
  // Handlers resolve lazily: they come from every module, and some depend on what resolves this.
  container
    .bind(TOKENS.VendorTimedWork)
    .toDynamicValue((c) => new OutboxVendorWork(db, c.get(TOKENS.Clock), () => c.getAll(TOKENS.EventHandler, { optional: true }) ?? [], logger));
}

/** The composition root: the only place that knows every module. */
export function buildContainer(
  config: Config,
  db: DataSource,
  logger: Logger,
  overrides: ContainerOverrides = {},
  modules: readonly KioskModule[] = MODULES,
) {
  const container = new Container({ defaultScope: 'Singleton' });
  bindPlatform(container, config, db, logger, overrides);
  loadModules(container, modules);
  return container;
}
