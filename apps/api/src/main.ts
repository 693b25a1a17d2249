#!/usr/bin/env node
import 'reflect-metadata';
import { Server } from 'node:http';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/database/open-database';
import { createHttpServer } from './platform/http/server';
import { createLogger } from './platform/logger';
import { DemoOwnerLink, startupBanner } from './startup-banner';

const EXIT_CONFIG = 78; // EX_CONFIG from sysexits.h

async function isEmpty(query: (sql: string) => Promise<{ n: string }[]>): Promise<boolean> {
  const [row] = await query('SELECT count(*) AS n FROM vendors');
  return Number(row.n) === 0;
}

/** The service's modules, loaded once the embedded database's thread has started (issue 17: start-up time). */
/* eslint-disable @typescript-eslint/no-require-imports */
const serviceModules = () => ({
  ...(require('./runtime') as typeof import('./runtime')),
  ...(require('./demo/demo-data') as typeof import('./demo/demo-data')),
  ...(require('./paywalls/paywalls.module') as typeof import('./paywalls/paywalls.module')),
  ...(require('./platform/cache/config-cache') as typeof import('./platform/cache/config-cache')),
});
/* eslint-enable @typescript-eslint/no-require-imports */

/** One process: the API, the token service and the background worker. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`kiosk: configuration error: ${error.message}\n`);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (config.secretsKeyIsDevelopmentDefault) {
    logger.warn('SECRETS_KEY is not set: using the development key; never do this in production');
  }
  // Started first: the embedded database boots in its own thread (started before openDatabase first awaits)
  // while this thread loads the service's modules below, synchronously.
  const opening = openDatabase(config, logger);
  opening.catch(() => undefined); // awaited below; an early failure is not an unhandled one meanwhile
  const { createRuntime, DEMO_OWNER_EMAIL, DEMO_VENDOR_ID, demoOwnerSignInLink, loadDemoData, PaywallViewCounter, ConfigCache } = serviceModules();
  const database = await opening;
  const runtime = await createRuntime(config, database, logger);
  let ownerLink: DemoOwnerLink | null = null;
  if (config.seedDemo || (database.embedded && (await isEmpty((sql) => database.db.query(sql))))) {
    await loadDemoData(runtime.container, { withCredentials: false });
    logger.info({ vendorId: DEMO_VENDOR_ID }, 'demo vendor loaded; `npm run kiosk -- demo:load` prints credentials');
    // The portal one click away on the very first start (issue 27); a link is a credential, so never in production.
    if (config.env === 'development') {
      ownerLink = await demoOwnerSignInLink(runtime.container).catch((error: unknown) => {
        logger.warn({ err: error }, 'no sign-in link for the demo owner');
        return null;
      });
    }
  }
  if (config.workerEnabled) runtime.worker.start(config.workerPollMs);

  const server: Server = createHttpServer(runtime.app, config.httpTimeouts).listen(config.port, config.host, () => {
    logger.info({ baseUrl: config.baseUrl, authUrl: config.authUrl, embedded: database.embedded }, 'kiosk listening');
    const banner = startupBanner(config.env, config.baseUrl, { vendorId: DEMO_VENDOR_ID, ownerEmail: DEMO_OWNER_EMAIL }, ownerLink);
    if (banner) process.stdout.write(banner);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // The worker hands its claimed events back while the last requests finish.
    await Promise.all([new Promise((resolve) => server.close(resolve)), runtime.worker.stop()]);
    runtime.idempotency.close();
    await runtime.container
      .get(PaywallViewCounter)
      .close()
      .catch((error: unknown) => logger.warn({ err: error }, 'paywall view counts of the last second not written'));
    await runtime.container.get(ConfigCache).close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));
}

main().catch((error: unknown) => {
  process.stderr.write(`kiosk: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
