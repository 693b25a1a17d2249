// Creates or drops the throwaway PostgreSQL database of one CI run.
// Usage: node .ci/database.js create|drop <name>
const { Client } = require('pg');

async function main() {
  const [action, name] = process.argv.slice(2);
  if (!/^[a-z0-9_]+$/.test(name ?? '') || !['create', 'drop'].includes(action)) {
    throw new Error('usage: node .ci/database.js create|drop <name>');
  }
  const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    if (action === 'create') await client.query(`CREATE DATABASE ${name}`);
    else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
