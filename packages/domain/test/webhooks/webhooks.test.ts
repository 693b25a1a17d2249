import fc from 'fast-check';
import { FakeClock, FixedRandom, InMemoryWebhookEndpointRepository, SequentialIds, SequentialSigningSecrets } from '../../src/testing';
import {
  CATALOGUED_OUTBOX_TYPES,
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DISABLE_AFTER_MS,
  GetWebhookEndpoint,
  MAX_ATTEMPTS,
  nextAttemptAt,
  RETRY_DELAYS_MS,
  RotateWebhookSecret,
  shouldDisableEndpoint,
  SUBSCRIBABLE_EVENT_TYPES,
  UpdateWebhookEndpoint,
  waitsFor,
  webhookTypesOf,
  WEBHOOK_EVENT_TYPES,
} from '../../src/webhooks';

const HOUR = 3_600_000;

function setup() {
  const clock = new FakeClock('2026-03-01T00:00:00Z');
  const endpoints = new InMemoryWebhookEndpointRepository();
  const secrets = new SequentialSigningSecrets();
  const ids = new SequentialIds('ep');
  return {
    clock,
    endpoints,
    create: new CreateWebhookEndpoint(endpoints, secrets, ids, clock),
    get: new GetWebhookEndpoint(endpoints),
    update: new UpdateWebhookEndpoint(endpoints, clock),
    rotate: new RotateWebhookSecret(endpoints, secrets, clock),
    remove: new DeleteWebhookEndpoint(endpoints),
  };
}

describe('the event catalogue', () => {
  it('names every type resource.action, once, and maps the outbox events the service records', () => {
    const names = WEBHOOK_EVENT_TYPES.map((t) => t.type);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[a-z]+\.[a-z_]+$/.test(n))).toBe(true);
    expect(webhookTypesOf('contract.seat_assigned')).toEqual(['seat.assigned']);
    expect(webhookTypesOf('contract.overdue')).toEqual(['contract.status_changed', 'bill.overdue']);
    expect(webhookTypesOf('contract.bill_paid')).toEqual(['bill.paid']);
    expect(webhookTypesOf('something.else')).toEqual([]);
    expect(CATALOGUED_OUTBOX_TYPES).toContain('bill.issued');
    expect(SUBSCRIBABLE_EVENT_TYPES).not.toContain('endpoint.test');
  });
});

describe('webhook endpoints', () => {
  it('are created with a whsec_ secret, the event types asked for (or all), and enabled', async () => {
    const s = setup();
    const { endpoint, secret } = await s.create.execute({
      vendorId: 'v1',
      url: 'https://hooks.example.com/kiosk',
      eventTypes: ['bill.paid', 'contract.created', 'bill.paid'],
      description: 'billing system',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(endpoint.snapshot()).toMatchObject({ status: 'enabled', eventTypes: ['bill.paid', 'contract.created'] });
    expect(endpoint.subscribes('bill.paid')).toBe(true);
    expect(endpoint.subscribes('seat.assigned')).toBe(false);
    const all = (await s.create.execute({ vendorId: 'v1', url: 'https://a.example.com/', eventTypes: null, description: null })).endpoint;
    expect(all.subscribes('seat.assigned')).toBe(true);
  });

  it('refuse bad URLs and unknown event types', async () => {
    const s = setup();
    const make = (url: string, eventTypes: string[] | null = null) => s.create.execute({ vendorId: 'v1', url, eventTypes, description: null });
    await expect(make('ftp://example.com/')).rejects.toMatchObject({ code: 'WEBHOOK.BAD_URL' });
    await expect(make('https://user:pw@example.com/')).rejects.toMatchObject({ code: 'WEBHOOK.BAD_URL' });
    await expect(make('not a url')).rejects.toMatchObject({ code: 'WEBHOOK.BAD_URL' });
    await expect(make('https://example.com/', ['contract.exploded'])).rejects.toMatchObject({ code: 'WEBHOOK.UNKNOWN_EVENT_TYPE' });
    await expect(make('https://example.com/', ['endpoint.test'])).rejects.toMatchObject({ code: 'WEBHOOK.UNKNOWN_EVENT_TYPE' });
  });

  it("are another vendor's business: not found", async () => {
    const s = setup();
    const { endpoint } = await s.create.execute({ vendorId: 'v1', url: 'https://a.example.com/', eventTypes: null, description: null });
    await expect(s.get.execute({ vendorId: 'v2', endpointId: endpoint.id })).rejects.toMatchObject({ code: 'WEBHOOK.ENDPOINT_NOT_FOUND' });
    await expect(s.remove.execute({ vendorId: 'v2', endpointId: endpoint.id })).rejects.toMatchObject({ kind: 'not_found' });
    await s.remove.execute({ vendorId: 'v1', endpointId: endpoint.id });
    await expect(s.get.execute({ vendorId: 'v1', endpointId: endpoint.id })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('rotation keeps the previous secret signing for 24 hours, beside the new one', async () => {
    const s = setup();
    const { endpoint, secret: first } = await s.create.execute({ vendorId: 'v1', url: 'https://a.example.com/', eventTypes: null, description: null });
    const { secret: second } = await s.rotate.execute({ vendorId: 'v1', endpointId: endpoint.id });
    let stored = await s.get.execute({ vendorId: 'v1', endpointId: endpoint.id });
    expect(stored.signingSecrets(s.clock.now())).toEqual([second, first]);
    s.clock.advance(24 * HOUR - 1);
    expect(stored.signingSecrets(s.clock.now())).toEqual([second, first]);
    s.clock.advance(1);
    expect(stored.signingSecrets(s.clock.now())).toEqual([second]);
    const { secret: third } = await s.rotate.execute({ vendorId: 'v1', endpointId: endpoint.id });
    stored = await s.get.execute({ vendorId: 'v1', endpointId: endpoint.id });
    expect(stored.signingSecrets(s.clock.now())).toEqual([third, second]);
  });

  it('update changes what is given; enabling again clears the failure count', async () => {
    const s = setup();
    const { endpoint } = await s.create.execute({ vendorId: 'v1', url: 'https://a.example.com/', eventTypes: null, description: null });
    const changed = await s.update.execute({ vendorId: 'v1', endpointId: endpoint.id, enabled: false, description: 'x' });
    expect(changed.snapshot()).toMatchObject({ status: 'disabled', description: 'x', url: 'https://a.example.com/' });
    const again = await s.update.execute({ vendorId: 'v1', endpointId: endpoint.id, enabled: true, eventTypes: ['bill.paid'] });
    expect(again.snapshot()).toMatchObject({ status: 'enabled', failingSince: null, eventTypes: ['bill.paid'] });
  });
});

describe('the retry schedule', () => {
  it('runs about three days from the first attempt to the last, then gives up', () => {
    const start = new Date('2026-03-01T00:00:00Z');
    let at = start;
    const mid = new FixedRandom([0]);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      const next = nextAttemptAt(attempt, at, mid)!;
      expect(next.getTime() - at.getTime()).toBe(RETRY_DELAYS_MS[attempt - 1]);
      at = next;
    }
    expect(nextAttemptAt(MAX_ATTEMPTS, at, mid)).toBeNull();
    const total = at.getTime() - start.getTime();
    expect(total).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
    expect(total).toBeLessThan(DISABLE_AFTER_MS + 6 * HOUR);
    expect(shouldDisableEndpoint(start, at)).toBe(true);
    expect(shouldDisableEndpoint(null, at)).toBe(false);
  });

  it('grows and lengthens each wait by at most 10% with the injected randomness, never shortens it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ATTEMPTS - 1 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const failedAt = new Date(0);
        const wait = nextAttemptAt(attempt, failedAt, new FixedRandom([r]))!.getTime();
        const base = RETRY_DELAYS_MS[attempt - 1];
        return wait >= base && wait <= Math.ceil(base * 1.1);
      }),
    );
    expect(RETRY_DELAYS_MS.every((d, i) => i === 0 || d >= RETRY_DELAYS_MS[i - 1])).toBe(true);
  });

  it('gives a delivery up only after the disable threshold, whatever the jitter draws', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: MAX_ATTEMPTS, maxLength: MAX_ATTEMPTS }), (draws) => {
        const start = new Date(0);
        let at = start;
        const random = new FixedRandom(draws);
        for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) at = nextAttemptAt(attempt, at, random)!;
        return shouldDisableEndpoint(start, at);
      }),
    );
  });
});

describe('per-object ordering', () => {
  const d = (id: string, sequence: number, state: 'pending' | 'delivered' | 'failed' = 'pending', objectKey = 'contract:1', endpointId = 'e1') => ({
    id,
    sequence,
    state,
    objectKey,
    endpointId,
  });
  it('a later event for an object waits while an earlier one for the same endpoint is pending', () => {
    expect(waitsFor(d('b', 2), [d('a', 1)])).toBe(true);
    expect(waitsFor(d('b', 2), [d('a', 1, 'delivered')])).toBe(false);
    expect(waitsFor(d('b', 2), [d('a', 1, 'failed')])).toBe(false);
    expect(waitsFor(d('b', 2), [d('a', 1, 'pending', 'contract:2')])).toBe(false);
    expect(waitsFor(d('b', 2), [d('a', 1, 'pending', 'contract:1', 'e2')])).toBe(false);
    expect(waitsFor(d('a', 1), [d('b', 2)])).toBe(false);
  });
});
