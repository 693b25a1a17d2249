import { Random, SigningSecretSource, WebhookEndpoint, WebhookEndpointRepository } from '../webhooks';

export class InMemoryWebhookEndpointRepository implements WebhookEndpointRepository {
  private readonly rows = new Map<string, ReturnType<WebhookEndpoint['snapshot']>>();
  async add(endpoint: WebhookEndpoint) {
    this.rows.set(endpoint.id, endpoint.snapshot());
  }
  async get(vendorId: string, endpointId: string) {
    const row = this.rows.get(endpointId);
    return row && row.vendorId === vendorId ? WebhookEndpoint.rehydrate(row) : null;
  }
  async list(vendorId: string) {
    return [...this.rows.values()].filter((r) => r.vendorId === vendorId).map((r) => WebhookEndpoint.rehydrate(r));
  }
  async save(endpoint: WebhookEndpoint) {
    this.rows.set(endpoint.id, endpoint.snapshot());
  }
  async delete(vendorId: string, endpointId: string) {
    if (this.rows.get(endpointId)?.vendorId !== vendorId) return false;
    return this.rows.delete(endpointId);
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
