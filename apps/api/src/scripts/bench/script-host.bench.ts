/**
 * The script host over a real socket: bundle requests answered in full
 * (brotli, as browsers ask) and revalidations answered 304. Prints figures;
 * asserts nothing (DESIGN.md 7).
 *
 *   npm run build && node apps/api/dist/scripts/bench/script-host.bench.js
 *   DATABASE_URL=postgres://... node apps/api/dist/scripts/bench/script-host.bench.js
 *
 * BENCH_SECONDS (default 5) per phase, BENCH_CONCURRENCY (default 16) in flight.
 */
import 'reflect-metadata';
import { CreateVendor } from '@kiosk/domain/catalog';
import { measure as measureCalls, startBenchApp } from '../../platform/bench/bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const measure = (name: string, call: () => Promise<void>) => measureCalls(name, call, SECONDS, CONCURRENCY);

async function main() {
  const app = await startBenchApp();
  try {
    const vendorId = `bench-${Date.now()}`;
    await app.runtime.container.get(CreateVendor).execute({ id: vendorId, name: 'Bench', domains: [`${vendorId}.example.com`] });
    const url = `${app.base}/s/${vendorId}/bundle/stable`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag') ?? '';
    const body = Buffer.from(await first.arrayBuffer());
    console.log(`bundle ${first.headers.get('x-kiosk-script-version')}: ${body.length} bytes decoded`);
    await measure('bundle, full answer (br)', async () => {
      const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      await res.arrayBuffer();
    });
    await measure('bundle, revalidated (304)', async () => {
      const res = await fetch(url, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      if (res.status !== 304) throw new Error(`status ${res.status}`);
      await res.arrayBuffer();
    });
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
