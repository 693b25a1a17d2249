/**
 * Checkouts over a real socket: creating checkouts (POST /checkouts with a
 * reader token) and completing them (the hosted page's pay form with the
 * succeeding test card: a contract, a paid bill and a transaction each).
 * Prints figures; asserts nothing (DESIGN.md 7).
 *
 *   npm run build && node apps/api/dist/checkout/bench/checkout.bench.js
 *   DATABASE_URL=postgres://... node apps/api/dist/checkout/bench/checkout.bench.js
 *
 * Uses DATABASE_URL when set (a real PostgreSQL), otherwise an embedded
 * PGlite in a temporary directory. BENCH_SECONDS (default 5) per phase,
 * BENCH_CONCURRENCY (default 8) requests in flight.
 */
import 'reflect-metadata';
import { money } from '@kiosk/domain';
import { CreateProduct, CreatePurchaseOption, CreateVendor } from '@kiosk/domain/catalog';
import { createUser, IssueUserToken } from '@kiosk/domain/identity';
import { IDENTITY } from '../../identity/identity.module';
import { measure as measureCalls, startBenchApp } from '../../platform/bench/bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const measure = (name: string, call: () => Promise<boolean>) => measureCalls(name, call, SECONDS, CONCURRENCY);

async function main() {
  const app = await startBenchApp();
  const { runtime, database, base } = app;
  try {
    const c = runtime.container;
    const vendorId = `bench-${Date.now().toString(36)}`;
    await c.get(CreateVendor).execute({ id: vendorId, name: 'Bench' });
    await c.get(CreateProduct).execute({ vendorId, sku: 'news', title: 'News', productType: 'publication' });
    await c.get(CreatePurchaseOption).execute({
      id: 'news-monthly', vendorId, sku: 'news', name: 'Monthly', price: money(9_900, 'SEK'), taxIncluded: true,
      recurring: { interval: 'MONTH', time: 1 }, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1,
    });
    const user = await c.get(IDENTITY.Users).addOrGet(createUser({ id: `u-${vendorId}`, vendorId, email: `reader@${vendorId}.example.com` }, new Date()));
    const { accessToken } = await c.get(IssueUserToken).execute({ vendorId, userId: user.id });
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ items: [{ sku: 'news', purchaseOptionId: 'news-monthly' }] });
    const links: string[] = [];
    console.log(`database: ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}; node ${process.version}`);
    await measure('checkouts created (POST /checkouts)', async () => {
      const res = await fetch(`${base}/checkouts`, { method: 'POST', headers, body });
      if (res.status !== 201) throw new Error(`create answered ${res.status}`);
      links.push(((await res.json()) as { checkoutUrl: string }).checkoutUrl);
      return true;
    });
    const form = new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString();
    await measure('checkouts completed (hosted page pay: contract + paid bill + transaction)', async () => {
      const link = links.pop();
      if (!link) return false;
      const url = new URL(link);
      const res = await fetch(`${base}${url.pathname}/pay${url.search}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if (res.status !== 303 || !res.headers.get('location')?.includes('/receipt')) throw new Error(`pay answered ${res.status}`);
      await res.arrayBuffer();
      return true;
    });
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
