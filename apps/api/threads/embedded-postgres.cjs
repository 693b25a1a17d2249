'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: a worker thread runs a file as it is, from src (tests) and dist alike */
/**
 * The embedded database's own thread (`startEmbeddedPostgres` in
 * src/platform/database/embedded-postgres.ts starts it). PGlite runs
 * PostgreSQL compiled to WebAssembly on the thread that calls it: here it
 * boots while the service's thread loads the service's modules, and answers
 * queries while that thread handles requests, on another core.
 *
 * workerData: { dataDir: string | null, port: number, settings: string[], maxConnections: number }
 * Posts { address } once serving, or { error: { message, code } } and exits.
 * Told 'stop', it stops serving, closes the database and exits.
 */
const { execFile } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { portAnswers } = require('./port-answers.cjs');

/**
 * Creates the database cluster in an empty folder in a short-lived child
 * process: PGlite's initdb grows the WebAssembly memory to about 800 MB, and
 * a process never gets it back.
 */
function initialise(dataDir) {
  const pglite = require.resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close())`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], (error) => (error ? reject(error) : resolve()));
  });
}

async function serve() {
  const { dataDir, port, settings, maxConnections } = workerData;
  if (await portAnswers(port)) {
    const error = new Error(`port ${port} is taken`);
    error.code = 'PORT_TAKEN';
    throw error;
  }
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir);
  // Loaded here, not at the top: the port check answers without loading PostgreSQL.
  const { PGlite } = require('@electric-sql/pglite');
  const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');
  const db = await PGlite.create(dataDir ?? undefined, { startParams: [...PGlite.defaultStartParams, ...settings] });
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  parentPort.on('message', (message) => {
    if (message !== 'stop') return;
    server
      .stop()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
  parentPort.postMessage({ address: server.getServerConn() });
}

serve().catch((error) => {
  // The thread ends by itself after this (nothing else keeps it), and the service's thread ends it anyway.
  parentPort.postMessage({ error: { message: error instanceof Error ? error.message : String(error), code: error && error.code } });
});
