import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Express } from 'express';
import { AuthenticateVisitor } from '@kiosk/domain/identity';
import { Container } from 'inversify';
import { Logger } from 'pino';
import { Config } from './config';
import { buildContainer, ContainerOverrides } from './container';
import { AccessTokenVerifier } from './identity/jwt-access-tokens';
import { Database, migrateWhenReachable } from './platform/database/open-database';
import { BrowserCookies } from './identity/browser/browser-session';
import { IDENTITY } from './identity/identity.module';
import { EmbeddedOpenIdProvider } from './identity/oidc/embedded-provider';
import { createHttpApp } from './platform/http/app';
import { IdempotencyStore } from './platform/idempotency/idempotency-store';
import { Worker } from './platform/outbox/worker';
import { TOKENS } from './platform/tokens';
import { VendorTimeScope } from './platform/vendor-time';

export const VERSION: string = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version;

export interface Runtime {
  readonly config: Config;
  readonly container: Container;
  readonly database: Database;
  readonly app: Express;
  readonly worker: Worker;
  /** Idempotency-Key claims; its background retries stop with `close()` on shutdown. */
  readonly idempotency: IdempotencyStore;
  readonly logger: Logger;
}

/** Everything but the listening socket and the worker loop: what main, the CLI and tests share. */
export async function createRuntime(
  config: Config,
  database: Database,
  logger: Logger,
  overrides: ContainerOverrides = {},
): Promise<Runtime> {
  await migrateWhenReachable(database, config.databaseStartupTimeoutMs, logger);
  const container = buildContainer(config, database.db, logger, overrides);
  const idempotency = new IdempotencyStore(database.db, { leaseSeconds: config.idempotencyLeaseSeconds, logger });
  const app = createHttpApp({
    routes: container.getAll(TOKENS.Controller).flatMap((c) => c.routes()),
    verifier: container.get(AccessTokenVerifier),
    visitors: container.get(AuthenticateVisitor),
    sessions: {
      cookies: container.get(BrowserCookies),
      clients: container.get(IDENTITY.BrowserClients),
      clock: container.get(TOKENS.Clock),
      baseUrl: config.baseUrl,
    },
    staff: container.get(IDENTITY.StaffMemberships),
    isAllowedOrigin: (origin) => container.get(IDENTITY.BrowserClients).anyAllowsOrigin(origin),
    mounts: config.oidcIssuer
      ? []
      : [{ path: new URL(config.authUrl).pathname.replace(/\/$/, '') || '/', handler: container.get(EmbeddedOpenIdProvider).handler() }],
    idempotency,
    clock: container.get(TOKENS.Clock),
    vendorTime: container.get(VendorTimeScope),
    logger,
    serverUrl: config.baseUrl,
    securityUrls: {
      tokenUrl: config.tenantTokenUrlTemplate,
      openIdConnectUrl: `${(config.oidcIssuer ?? config.authUrl).replace(/\/$/, '')}/.well-known/openid-configuration`,
    },
    trustProxy: config.trustProxy,
    version: VERSION,
  });
  const worker = new Worker(
    database.db,
    container.get(TOKENS.Clock),
    container.getAll(TOKENS.EventHandler, { optional: true }) ?? [],
    container.getAll(TOKENS.PeriodicTask, { optional: true }) ?? [],
    logger,
    container.getAll(TOKENS.WorkerStep, { optional: true }) ?? [],
  );
  return { config, container, database, app, worker, idempotency, logger };
}
