import 'reflect-metadata';
import { Clock, IdGenerator } from '@kiosk/domain';
import { Container } from 'inversify';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { accessModule } from './access/access.module';
import { billingModule } from './billing/billing.module';
import { capsuleModule } from './capsule/capsule.module';
import { catalogModule } from './catalog/catalog.module';
import { contractsModule } from './contracts/contracts.module';
import { engagementBModule } from './engagement/engagement-b.module';
import { engagementAModule } from './engagement/engagement-a.module';
import { Config } from './config';
import { healthModule } from './health/health.module';
import { identityModule } from './identity/identity.module';
import { signInModule } from './identity/sign-in.module';
import { paywallsModule } from './paywalls/paywalls.module';
import { SystemClock, UuidV7Ids } from './platform/system';
import { storefrontModule } from './storefront/storefront.module';
import { PlatformEraser } from './platform/platform.eraser';
import { TOKENS } from './platform/tokens';

export interface ContainerOverrides {
  clock?: Clock;
  ids?: IdGenerator;
}

/** The composition root: the only place that knows every module. */
export function buildContainer(config: Config, db: DataSource, logger: Logger, overrides: ContainerOverrides = {}) {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.DataSource).toConstantValue(db);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Clock).toConstantValue(overrides.clock ?? new SystemClock());
  container.bind(TOKENS.Ids).toConstantValue(overrides.ids ?? new UuidV7Ids());
  container.bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new PlatformEraser(c.get(TOKENS.DataSource)));
  container.load(healthModule, catalogModule, identityModule);
  container.load(capsuleModule);
  container.load(billingModule, accessModule);
  container.load(contractsModule);
  container.load(storefrontModule);
  container.load(engagementBModule);
  container.load(signInModule);
  container.load(engagementAModule);
  container.load(paywallsModule);
  return container;
}
