import { Random, SigningSecretSource, WebhookEndpoint, WebhookEndpointRepository } from '../webhooks';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;

/** Endpoints by (vendor, id): another vendor's endpoint is not there to get, list, save over or delete. */
export class InMemoryWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly rows = new Map<string, ReturnType<WebhookEndpoint['snapshot']>>();
  async add(endpoint: WebhookEndpoint) {
    this.rows.set(key(endpoint.vendorId, endpoint.id), endpoint.snapshot());
  }
  async get(vendorId: string, endpointId: string) {
    const row = this.rows.get(key(vendorId, endpointId));
    return row ? WebhookEndpoint.rehydrate(row) : null;
  }
  async list(vendorId: string) {
    return [...this.rows.values()]
      .filter((r) => r.vendorId === vendorId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((r) => WebhookEndpoint.rehydrate(r));
  }
  /** Saves over a stored endpoint; one that is not stored (deleted meanwhile) stays gone, as an UPDATE of no row. */
  async save(endpoint: WebhookEndpoint) {
    if (this.rows.has(key(endpoint.vendorId, endpoint.id))) this.rows.set(key(endpoint.vendorId, endpoint.id), endpoint.snapshot());
  }
  async delete(vendorId: string, endpointId: string) {
    return this.rows.delete(key(vendorId, endpointId));
  }
}

/** Secrets `whsec_` + a counter in base64, predictable for tests. */
export class SequentialSigningSecrets implements SigningSecretSource {
  private n = 0;
  generate(): string {
    this.n += 1;
    return `whsec_${btoa(`test-secret-number-${String(this.n).padStart(6, '0')}`)}`;
  }
}

/** Answers the given numbers in turn (repeating the last). */
export class FixedRandom implements Random {
  private i = 0;
  constructor(private readonly values: readonly number[] = [0.5]) {}
  next(): number {
    const value = this.values[Math.min(this.i, this.values.length - 1)];
    this.i += 1;
    return value;
  }
}
