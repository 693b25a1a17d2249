/**
 * The bench's baseline (issue 28): bare Express 5 + `pg`, the project's own
 * versions, a pool of 10 as the service's.
 * - `/a` ("base-a"): one primary-key SELECT on a 100,000-row table
 *   (`bench_baseline_rows`, made by the seed), answered as JSON.
 * - `/b` ("base-b"): the same after verifying an ES256 bearer JWT with jose,
 *   issuer, audience, algorithm, `typ` and `exp` pinned.
 * Reader and management routes (a reader's or an API key's bearer token) are
 * compared with base-b, the others with base-a.
 */
export const BASELINE_ROWS = 100_000;

export async function runBaseline(pool: number, report: (port: number, extra: Record<string, unknown>) => void): Promise<void> {
  const express = (await import('express')).default;
  const { Pool } = await import('pg');
  const jose = await import('jose');
  const db = new Pool({ connectionString: process.env.DATABASE_URL, max: pool });
  // Every pool has an error listener (DESIGN section 6): an idle client the server ends must not end the process.
  db.on('error', (error) => process.stderr.write(`baseline: a database connection was lost: ${error.message}\n`));
  const { publicKey, privateKey } = await jose.generateKeyPair('ES256');
  const token = await new jose.SignJWT({ scope: 'read' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k' })
    .setIssuer('baseline')
    .setAudience('urn:service')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  const app = express();
  app.use(express.json());
  let n = 0;
  // A different row each request, as the service's routes read different rows.
  const one = async () => (await db.query('SELECT * FROM bench_baseline_rows WHERE id = $1', [(n++ % BASELINE_ROWS) + 1])).rows[0];
  app.all('/a', async (_req, res) => {
    res.json(await one());
  });
  app.all('/b', async (req, res) => {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    try {
      await jose.jwtVerify(bearer, publicKey, {
        issuer: 'baseline',
        audience: 'urn:service',
        algorithms: ['ES256'],
        typ: 'at+jwt',
        requiredClaims: ['exp'],
      });
    } catch {
      res.status(401).end();
      return;
    }
    res.json(await one());
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  report(typeof address === 'object' && address ? address.port : 0, { token });
}

/** The baseline's table: made once per database, with rows the size of a small record. */
export const BASELINE_TABLE = [
  `CREATE TABLE IF NOT EXISTS bench_baseline_rows (id integer PRIMARY KEY, name text NOT NULL, email text NOT NULL,
     status text NOT NULL, amount bigint NOT NULL, created_at timestamptz NOT NULL)`,
  `INSERT INTO bench_baseline_rows
   SELECT g, 'Reader ' || g, 'reader' || g || '@example.com', CASE WHEN g % 7 = 0 THEN 'CANCELLED' ELSE 'ACTIVE' END,
          g * 100, now() - make_interval(mins => g)
     FROM generate_series(1, ${BASELINE_ROWS}) g
   ON CONFLICT (id) DO NOTHING`,
];
