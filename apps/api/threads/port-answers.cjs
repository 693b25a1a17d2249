'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, required from TypeScript and from a worker thread alike */
/**
 * Whether something answers on a loopback port (another program, or another
 * Kiosk's embedded database). Plain CommonJS: the embedded database's thread
 * (`embedded-postgres.cjs`) and `open-database.ts` both ask it.
 */
const { createConnection } = require('node:net');

function portAnswers(port) {
  if (!port) return Promise.resolve(false); // 0: the system picks a free one
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

module.exports = { portAnswers };
