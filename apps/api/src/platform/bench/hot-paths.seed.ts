/**
 * The data `hot-paths.bench.ts` measures on (its step 1): one vendor at a
 * realistic volume, and what each route's requests need.
 */
import { performance } from 'node:perf_hooks';
// Types only: the modules themselves load when the seed runs.
import type { SetProductScopes } from '@kiosk/domain/capsule';
import type { CapsuleKeyManagement } from '../../capsule/capsule.module';
import { FLOW_PAYWALLS, flow } from '../../paywalls/bench/strategy-flow-18';
import { BASELINE_TABLE } from './baseline-server';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 5_000);
const READS = Number(process.env.BENCH_READS ?? 3_000);
/** Other readers of the paywall, each with a few reads over the past month. */
const OTHER_READERS = Number(process.env.BENCH_OTHER_READERS ?? 20_000);
const OTHER_READS_EACH = 5;

export async function seed(databaseUrl: string) {
  const { CreateProduct, CreatePurchaseOption, CreateVendor } = await import('@kiosk/domain/catalog');
  const { CreateContract } = await import('@kiosk/domain/contracts');
  const { CreateApiKey, IssueUserToken, RegisterBrowserClient } = await import('@kiosk/domain/identity');
  const { CreatePaywall, CreateStrategy } = await import('@kiosk/domain/paywalls');
  const capsuleDomain = await import('@kiosk/domain/capsule');
  const capsule = await import('../../capsule/capsule.module.js');
  const { fromMajor } = await import('@kiosk/domain');
  const { loadConfig } = await import('../../config.js');
  const { openDatabase } = await import('../database/open-database.js');
  const { createLogger } = await import('../logger.js');
  const { createRuntime } = await import('../../runtime.js');
  const { ConfigCache } = await import('../cache/config-cache.js');
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', WORKER_ENABLED: 'false' });
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  const runtime = await createRuntime(config, database, logger);
  const c = runtime.container;
  const db = database.db;
  const vendorId = `bench-${Date.now().toString(36)}`;
  try {
    await c.get(CreateVendor).execute({ id: vendorId, name: 'Bench', domains: [`${vendorId}.example.com`] });
    for (let i = 0; i < 20; i += 1) {
      const sku = `sku-${i}`;
      await c.get(CreateProduct).execute({ vendorId, sku, title: `Product ${i}`, productType: 'article', publisherContentId: `article-${i}` });
      await c.get(CreatePurchaseOption).execute({
        id: `${sku}-yearly`,
        vendorId,
        sku,
        name: 'Yearly',
        price: fromMajor(120, 'SEK'),
        taxIncluded: true,
        recurring: { interval: 'YEAR', time: 1 },
        seatsPerUnit: 1,
        minQuantity: 1,
        maxQuantity: 10,
      });
    }
    const contract = await c.get(CreateContract).execute({
      vendorId,
      sku: 'sku-0',
      purchaseOptionId: 'sku-0-yearly',
      user: { email: `heavy@${vendorId}.example.com` },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    await runtime.worker.tick();
    await runtime.worker.tick();
    const t0 = performance.now();
    // Clones of the contract (other readers' ids), one statement: the table at a realistic size.
    await db.query(
      `INSERT INTO contracts
       SELECT (jsonb_populate_record(NULL::contracts, to_jsonb(c) || jsonb_build_object('id', c.id || '-' || g, 'user_id', c.user_id || '-' || g))).*
         FROM contracts c, generate_series(1, $3) g WHERE c.vendor_id = $1 AND c.id = $2`,
      [vendorId, contract.id, CONTRACTS - 1],
    );
    const paywall = await c.get(CreatePaywall).execute({
      vendorId,
      name: 'Metered',
      content: { settings: { leaky: { enabled: true, count: 5, periodInHours: 24 } } } as never,
    });
    // The counted reads' paywall: an allowance of 10,000 a day, so a visitor reading for the whole run is not refused.
    const counted = await c.get(CreatePaywall).execute({
      vendorId,
      name: 'Counted',
      content: { settings: { leaky: { enabled: true, count: 10_000, periodInHours: 24 } } } as never,
    });
    const leaves: Record<string, string> = {};
    for (const l of FLOW_PAYWALLS) leaves[l] = (await c.get(CreatePaywall).execute({ vendorId, name: l, content: { headline: l } as never })).id;
    const strategy = await c.get(CreateStrategy).execute({ vendorId, name: 'Front page', flow: flow(leaves) as never });
    for (const sql of BASELINE_TABLE) await db.query(sql);
    const heavyKey = `user:${contract.userId}`;
    // The heavy reader's history: READS contents over the past year, 4 of them inside today's window.
    await db.query(
      `INSERT INTO paywall_reads (vendor_id, paywall_id, reader_key, content_id, read_at)
       SELECT $1, $2, $3, 'history-' || g, now() - make_interval(hours => CASE WHEN g <= 4 THEN g ELSE 24 + g * 2 END)
         FROM generate_series(1, $4) g`,
      [vendorId, paywall.id, heavyKey, READS],
    );
    // The other readers' reads: a ledger where one reader holds every row would give PostgreSQL statistics under
    // which a generic plan scans the whole table for a reader (seen on a fresh database: a third of the speed).
    await db.query(
      `INSERT INTO paywall_reads (vendor_id, paywall_id, reader_key, content_id, read_at)
       SELECT $1, $2, 'user:other-' || (g / $4), 'article-' || (g % 1000), now() - make_interval(hours => g % 720)
         FROM generate_series(1, $3) g`,
      [vendorId, paywall.id, OTHER_READERS * OTHER_READS_EACH, OTHER_READS_EACH],
    );
    const client = await c.get(RegisterBrowserClient).execute({ vendorId, name: 'bench', redirectUris: ['https://bench.example.com/cb'] });
    const { key, clientSecret } = await c.get(CreateApiKey).execute({ actor: { kind: 'operator' }, vendorId, name: 'bench', role: 'read' });
    // The contract route's key: contracts:write is granted per key.
    const writer = await c.get(CreateApiKey).execute({ actor: { kind: 'operator' }, vendorId, name: 'bench contracts', role: 'full', grants: ['contracts:write'] });
    const userToken = (await c.get(IssueUserToken).execute({ vendorId, userId: contract.userId })).accessToken;
    const unlock = await seedCapsule(c.get(capsule.CapsuleKeyManagement), c.get(capsuleDomain.SetProductScopes), vendorId);
    await db.query('ANALYZE');
    console.log(`seeded ${CONTRACTS} contracts, ${READS} reads of one reader and ${OTHER_READERS * OTHER_READS_EACH} of ${OTHER_READERS} others in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return {
      vendorId,
      contractId: contract.id,
      paywallId: paywall.id,
      countedPaywallId: counted.id,
      strategyId: strategy.id,
      clientId: client.clientId,
      apiKey: { clientId: key.clientId, clientSecret },
      contractKey: { clientId: writer.key.clientId, clientSecret: writer.clientSecret },
      userToken,
      unlock,
    };
  } finally {
    await c.get(ConfigCache).close();
    await database.close();
  }
}

/**
 * The vendor's capsule (hosted mode): a publisher key, its domain, a rotation
 * secret, `sku-0` (the heavy reader's product) granting `premium`. Answers
 * the body a publisher's page sends for its reader: a signed resource and a
 * premium entry asking for the wrap key of the current hour.
 */
async function seedCapsule(
  keys: CapsuleKeyManagement,
  scopes: SetProductScopes,
  vendorId: string,
) {
  const jose = await import('jose');
  const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
  const domain = `news.${vendorId}.example.com`;
  await keys.addPublisherKey(vendorId, { kid: 'bench-publisher', publicKeyPem: await jose.exportSPKI(publicKey) });
  await keys.addDomain(vendorId, domain);
  await keys.createRotationSecret(vendorId);
  await scopes.execute({ vendorId, sku: 'sku-0', scopes: ['premium'] });
  const { currentKid } = await keys.configuration(vendorId);
  const resourceJWT = await new jose.SignJWT({ scopes: ['premium'] })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'bench-publisher' })
    .setIssuer(domain)
    .setSubject('article-bench')
    .setIssuedAt()
    .sign(privateKey);
  // A freshly rendered manifest: 2 items, each with the wrap keys of 2 key ids (this hour's and the last).
  const kids = [currentKid, previousKid(currentKid)].filter((k): k is string => k !== null);
  return {
    resourceJWT,
    keys: ['bodytext', 'sidebar'].map((contentName) => ({ contentName, scope: 'premium', wrapKeys: kids.map((kid) => ({ kid })) })),
  };
}

/** The rotation kid of the hour before (`YYMMDDTHH`, UTC), or null for a kid of another form. */
function previousKid(kid: string): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)T(\d\d)$/.exec(kid);
  if (!m) return null;
  const d = new Date(Date.UTC(2000 + Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 1));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}`;
}
