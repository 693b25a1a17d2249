/**
 * What the scale-out run (scale-out.ts) proves once its load has stopped:
 * each check is a line of the printed table, passed or failed with its
 * figures. Database facts are read straight from PostgreSQL.
 */
import { Client } from 'pg';
import { Member } from './scale-out-cluster';
import { Answer, bearer, contractOrder, exchangeToken, json, payCheckout, Seeded } from './scale-out-load';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Check {
  name: string;
  ok: boolean;
  figures: string;
}

/** When the database was away: from its stop until every API process was ready again (plus the health check's lag). */
export interface Window {
  from: number;
  to: number;
}

const count = (answers: Answer[], predicate: (a: Answer) => boolean) => answers.filter(predicate).length;

/** The answers themselves: no 500, 503 only with Retry-After and only while the database was away. */
export function checkAnswers(answers: Answer[], dbAway: Window, killed: Window[]): Check[] {
  // Sent before the window ended and answered after it began.
  const within = (w: Window, a: Answer) => a.done >= w.from && a.at <= w.to;
  const serverErrors = answers.filter((a) => a.status >= 500 && a.status !== 503 && !(a.status === 502 && killed.some((w) => within(w, a))));
  const cut = answers.filter((a) => a.status === 0 || (a.status === 502 && killed.some((w) => within(w, a))));
  const unavailable = answers.filter((a) => a.status === 503);
  const byKind = (['sign-in', 'session', 'read', 'checkout', 'pay', 'contract'] as const)
    .map((k) => `${k} ${count(answers, (a) => a.kind === k && a.status < 400)}/${count(answers, (a) => a.kind === k)}`)
    .join(', ');
  const unexpected = answers.filter((a) => a.status >= 300 && a.status < 500 && !(a.kind === 'pay' && a.status === 303));
  return [
    { name: 'requests answered 2xx/303 (by kind: ok/sent)', ok: true, figures: `${count(answers, (a) => a.status < 400)} of ${answers.length}; ${byKind}` },
    {
      name: 'no 500 (nor any 5xx but 503)',
      ok: serverErrors.length === 0,
      figures: serverErrors.length ? serverErrors.slice(0, 5).map((a) => `${a.kind} ${a.status} ${JSON.stringify(a.body).slice(0, 160)}`).join('; ') : '0',
    },
    { name: 'no 4xx under load', ok: unexpected.length === 0, figures: unexpected.length ? unexpected.slice(0, 5).map((a) => `${a.kind} ${a.status} ${a.code}`).join('; ') : '0' },
    {
      name: '503 only with Retry-After, only while the database was away',
      ok: unavailable.every((a) => a.retryAfter !== null && within(dbAway, a)),
      figures:
        `${unavailable.length} (${count(unavailable, (a) => !String((a.body as { detail?: string }).detail).includes('load balancer'))} from the service, ${count(unavailable, (a) => String((a.body as { detail?: string }).detail).includes('load balancer'))} from HAProxy, ` +
        `${count(unavailable, (a) => a.code === 'SERVICE.WRITTEN_NOT_ANSWERED')} written-not-answered); ` +
        `${count(unavailable, (a) => a.retryAfter === null)} without Retry-After, ${count(unavailable, (a) => !within(dbAway, a))} outside the outage${unavailable
          .filter((a) => !within(dbAway, a))
          .slice(0, 3)
          .map((a) => ` (${a.kind} ${a.code} ${JSON.stringify(a.body).slice(0, 160)})`)
          .join('')}`,
    },
    {
      name: 'requests cut by a kill -9 (502 from HAProxy or reset, inside the kill)',
      ok: true,
      figures: `${cut.length}`,
    },
  ];
}

/** Contracts, reads and webhook messages in the database against the answers. */
export async function checkDatabase(db: Client, s: Seeded, answers: Answer[], entry: string, token: string): Promise<Check[]> {
  const checks: Check[] = [];
  const contracts = answers.filter((a) => a.kind === 'contract');
  const contractsOf = async (email: string) =>
    (
      await db.query(
        `SELECT c.id FROM contracts c JOIN users u ON u.vendor_id = c.vendor_id AND u.id = c.user_id WHERE c.vendor_id = $1 AND u.email = $2`,
        [s.vendorId, email],
      )
    ).rows as { id: string }[];
  const wrong: string[] = [];
  for (const a of contracts.filter((x) => x.status === 201)) {
    const rows = await contractsOf(a.email!);
    if (rows.length !== 1 || rows[0].id !== (a.body as { id: string }).id) wrong.push(`${a.key}: ${rows.length} contracts`);
  }
  // Keys without an answer of 201: retried now, as a client would; never two contracts, and a 201 names the one there.
  let retried = 0;
  for (const a of contracts.filter((x) => x.status !== 201)) {
    retried += 1;
    let again: Response | null = null;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      again = await fetch(`${entry}/management/contracts`, {
        method: 'POST',
        headers: { ...json, ...bearer(token), 'idempotency-key': a.key! },
        body: JSON.stringify(contractOrder(a.email!)),
      });
      if (again.status !== 409) break;
      await sleep(1_000); // the claim of an attempt cut off by a kill: its lease lapses
    }
    const rows = await contractsOf(a.email!);
    const body = again ? ((await again.json()) as { id?: string }) : {};
    if (rows.length > 1 || (again?.status === 201 && rows[0]?.id !== body.id)) wrong.push(`${a.key} (first ${a.status}): ${rows.length} contracts, retry ${again?.status}`);
  }
  const total = (await db.query(`SELECT count(*)::int AS n FROM contracts WHERE vendor_id = $1`, [s.vendorId])).rows[0].n as number;
  checks.push({
    name: 'every answered write present exactly once',
    ok: wrong.length === 0,
    figures: `${count(contracts, (a) => a.status === 201)} contracts answered 201, ${retried} unanswered keys retried, ${total} contracts of the vendor in the database (its checkouts' included)${wrong.length ? `; ${wrong.slice(0, 5).join('; ')}` : ''}`,
  });

  // Checkouts: each reader bought once; a payment answered 303 made exactly one contract, one retried now never a second.
  const pays = answers.filter((a) => a.kind === 'pay');
  const badPays: string[] = [];
  for (const a of pays) {
    const retry = a.status === 303 ? null : await payCheckout(entry, a.checkoutUrl!);
    const rows = (await db.query(`SELECT id FROM contracts WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, a.reader!.userId])).rows;
    if (rows.length > 1 || ((a.status === 303 || retry?.status === 303) && rows.length !== 1)) badPays.push(`${a.reader!.userId}: ${a.status}/${retry?.status}, ${rows.length} contracts`);
  }
  // Any other answer of a payment (seen once: a 200 page, the checkout no longer PENDING when its one payment came): its
  // page's title, shown to see why; it fails the check only if the contracts are wrong.
  const odd = pays
    .filter((a) => ![303, 503, 0].includes(a.status))
    .map((a) => `${a.status} "${/<title>([^<]*)<\/title>/.exec(String(a.body))?.[1] ?? String(a.body).slice(0, 80)}"`);
  checks.push({
    name: 'every checkout paid once: one contract each',
    ok: badPays.length === 0 && pays.length > 0,
    figures: `${count(answers, (a) => a.kind === 'checkout' && a.status === 201)} checkouts, ${count(pays, (a) => a.status === 303)} paid (303), ${count(pays, (a) => a.status !== 303)} others retried (${[...new Set(pays.map((a) => a.status))].map((st) => `${st} x${count(pays, (a) => a.status === st)}`).join(', ')})${odd.length ? `; answered ${odd.slice(0, 3).join(', ')}` : ''}${badPays.length ? `; ${badPays.slice(0, 5).join('; ')}` : ''}`,
  });

  const reads = answers.filter((a) => a.kind === 'read');
  const recorded = new Map<string, number>();
  for (const row of (await db.query(`SELECT content_id, count(*)::int AS n FROM paywall_reads WHERE vendor_id = $1 GROUP BY content_id`, [s.vendorId])).rows) {
    recorded.set(row.content_id as string, row.n as number);
  }
  const lost = reads.filter((a) => a.status === 200 && recorded.get(a.contentId!) !== 1);
  const counted = [...recorded.values()].reduce((x, y) => x + y, 0);
  const unasked = [...recorded.keys()].filter((id) => !reads.some((a) => a.contentId === id));
  checks.push({
    name: 'counted reads exact (none lost, none double)',
    ok: lost.length === 0 && unasked.length === 0 && counted <= reads.length,
    figures: `${count(reads, (a) => a.status === 200)} answered 200, ${counted} counted (${counted - count(reads, (a) => a.status === 200)} of the unanswered committed), ${lost.length} lost or double`,
  });
  return checks;
}

/**
 * Every bill to pay invoiced once, its number on the bill, the vendor's
 * numbers 1 to N with none missing or twice (decision 37): an invoice a
 * killed process or the database's stop left drafted is issued by a worker
 * (after 30 s), so the check waits until no draft is left.
 */
export async function checkInvoices(db: Client, s: Seeded, timeoutMs: number): Promise<Check> {
  const started = Date.now();
  const draftsLeft = async () => (await db.query(`SELECT count(*)::int AS n FROM invoice_drafts WHERE vendor_id = $1`, [s.vendorId])).rows[0].n as number;
  let left = await draftsLeft();
  const drafted = left;
  while (left > 0 && Date.now() - started < timeoutMs) {
    await sleep(1_000);
    left = await draftsLeft();
  }
  const numbers = (await db.query(`SELECT invoice_number FROM invoice_documents WHERE vendor_id = $1 ORDER BY invoice_number`, [s.vendorId])).rows.map((r) =>
    Number(r.invoice_number),
  );
  const gaps = numbers.filter((n, i) => n !== i + 1).length;
  const [{ twice, unnumbered, uninvoiced }] = (
    await db.query(
      `SELECT (SELECT count(*)::int FROM (SELECT bill_id FROM invoice_documents WHERE vendor_id = $1 AND kind = 'INVOICE' GROUP BY bill_id HAVING count(*) > 1) t) AS twice,
              (SELECT count(*)::int FROM bills b WHERE b.vendor_id = $1 AND b.invoice_number IS NULL
                  AND EXISTS (SELECT 1 FROM invoice_documents d WHERE d.vendor_id = b.vendor_id AND d.bill_id = b.id)) AS unnumbered,
              (SELECT count(*)::int FROM bills b WHERE b.vendor_id = $1 AND b.status IN ('OPEN', 'PAID', 'REFUNDED') AND b.price_minor > 0
                  AND NOT EXISTS (SELECT 1 FROM invoice_documents d WHERE d.vendor_id = b.vendor_id AND d.bill_id = b.id AND d.kind = 'INVOICE')) AS uninvoiced`,
      [s.vendorId],
    )
  ).rows as { twice: number; unnumbered: number; uninvoiced: number }[];
  return {
    name: 'every bill invoiced once, numbers gapless, no draft left',
    ok: left === 0 && gaps === 0 && twice === 0 && unnumbered === 0 && uninvoiced === 0,
    figures:
      `${numbers.length} numbers, ${gaps} out of sequence, ${twice} bills invoiced twice, ${unnumbered} invoiced bills without the number, ` +
      `${uninvoiced} bills to pay without an invoice; ${drafted} drafts at the check, ${left} left after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  };
}

/** Every webhook message of the vendor delivered at least once and recorded once, once the workers are done. */
export async function checkWebhooks(db: Client, s: Seeded, received: Map<string, number>, answers: Answer[], timeoutMs: number): Promise<Check> {
  const started = Date.now();
  let pending = -1;
  while (Date.now() - started < timeoutMs) {
    pending = (await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE vendor_id = $1 AND state = 'pending'`, [s.vendorId])).rows[0].n;
    const events = (await db.query(`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL`).catch(() => ({ rows: [{ n: 0 }] }))).rows[0].n;
    if (pending === 0 && events === 0) break;
    await sleep(500);
  }
  const messages = (await db.query(`SELECT id, type, payload FROM webhook_messages WHERE vendor_id = $1`, [s.vendorId])).rows as {
    id: string;
    type: string;
    payload: { data?: { contractId?: string; id?: string } };
  }[];
  const deliveries = (await db.query(`SELECT message_id, count(*)::int AS n FROM webhook_deliveries WHERE vendor_id = $1 GROUP BY message_id`, [s.vendorId]))
    .rows as { message_id: string; n: number }[];
  const twice = deliveries.filter((d) => d.n !== 1);
  const missing = messages.filter((m) => !received.has(m.id));
  const created = new Set(messages.filter((m) => m.type === 'contract.created').map((m) => JSON.stringify(m.payload)));
  const answered = answers.filter((a) => a.kind === 'contract' && a.status === 201).map((a) => (a.body as { id: string }).id);
  const withoutEvent = answered.filter((id) => ![...created].some((p) => p.includes(id)));
  const redelivered = [...received.values()].filter((n) => n > 1).length;
  return {
    name: 'every event delivered at least once and recorded once',
    ok: pending === 0 && missing.length === 0 && twice.length === 0 && withoutEvent.length === 0,
    figures:
      `${messages.length} messages, ${missing.length} not received, ${redelivered} received more than once, ${twice.length} recorded twice, ` +
      `${withoutEvent.length} answered contracts without contract.created, ${pending} still pending after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  };
}

/** Across processes, each asked directly: a paywall change, an Idempotency-Key, a token. */
export async function checkAcrossProcesses(apis: Member[], s: Seeded): Promise<Check[]> {
  const [first, ...others] = apis;
  const checks: Check[] = [];

  // A token from one process works on every other.
  const tokenRes = await exchangeToken(first.url, s.vendorId, s.key);
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const statuses = await Promise.all(others.map(async (p) => (await fetch(`${p.url}/management/paywalls/${s.paywallId}`, { headers: bearer(token) })).status));
  checks.push({ name: `a token from ${first.name} valid on the others`, ok: tokenRes.status === 200 && statuses.every((x) => x === 200), figures: statuses.join(', ') });

  // An Idempotency-Key used on one process, honoured on the others.
  const key = `across-${Date.now().toString(36)}`;
  const order = contractOrder(`across-${Date.now().toString(36)}@${s.vendorId}.example.com`);
  const send = (p: Member) =>
    fetch(`${p.url}/management/contracts`, { method: 'POST', headers: { ...json, ...bearer(token), 'idempotency-key': key }, body: JSON.stringify(order) });
  const original = await send(first);
  const originalBody = await original.text();
  const replays = await Promise.all(others.map(async (p) => {
    const r = await send(p);
    return { status: r.status, replayed: r.headers.get('idempotent-replayed'), same: (await r.text()) === originalBody };
  }));
  checks.push({
    name: `an Idempotency-Key used on ${first.name} honoured on the others`,
    ok: original.status === 201 && replays.every((r) => r.status === 201 && r.replayed === 'true' && r.same),
    figures: `${original.status}, then ${replays.map((r) => `${r.status} replayed=${r.replayed} same body=${r.same}`).join('; ')}`,
  });

  // A paywall changed through one process, seen by the others (their configuration caches, invalidated by LISTEN/NOTIFY).
  const seen: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const meter = 9_000 + round;
    const changedAt = Date.now();
    const patch = await fetch(`${first.url}/management/paywalls/${s.paywallId}`, {
      method: 'PATCH',
      headers: { ...json, ...bearer(token) },
      body: JSON.stringify({ settings: { leaky: { count: meter } } }),
    });
    if (patch.status !== 200) {
      checks.push({ name: 'paywall change seen by the others', ok: false, figures: `PATCH answered ${patch.status}` });
      return checks;
    }
    const version = ((await patch.json()) as { version: number }).version;
    const latencies = await Promise.all(
      others.map(async (p) => {
        for (;;) {
          const res = await fetch(`${p.url}/paywalls/${s.paywallId}/access/check`, {
            method: 'POST',
            headers: { ...json, authorization: `Basic ${Buffer.from(`${s.browserClientId}:across-${round}`).toString('base64')}` },
            body: JSON.stringify({ publisherContentId: 'x', url: `https://${s.vendorId}.example.com/x` }),
          });
          const body = (await res.json()) as { paywall?: { version?: number } };
          if (JSON.stringify(body).includes(`"version":${version}`) || Date.now() - changedAt > 10_000) return Date.now() - changedAt;
          await sleep(5);
        }
      }),
    );
    seen.push(...latencies);
  }
  checks.push({
    name: 'a paywall changed through one process seen by the others within 1 s',
    ok: seen.every((ms) => ms <= 1_000),
    figures: `${seen.map((ms) => `${ms} ms`).join(', ')} (3 changes x ${others.length} processes)`,
  });
  return checks;
}
