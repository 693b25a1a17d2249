import { Clock, IdGenerator } from '../shared';
import { WebhookEndpoint } from './endpoint';
import { WebhookEndpointNotFound } from './errors';
import { SigningSecretSource, WebhookEndpointRepository } from './ports';

async function load(endpoints: WebhookEndpointRepository, vendorId: string, endpointId: string) {
  const endpoint = await endpoints.get(vendorId, endpointId);
  if (!endpoint) throw new WebhookEndpointNotFound(endpointId);
  return endpoint;
}

/** Creates an endpoint; the answer carries its secret, the only time it is shown. */
export class CreateWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly secrets: SigningSecretSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; url: string; eventTypes: readonly string[] | null; description: string | null }) {
    const secret = this.secrets.generate();
    const endpoint = WebhookEndpoint.create({ ...command, id: this.ids.next(), secret, now: this.clock.now() });
    await this.endpoints.add(endpoint);
    return { endpoint, secret };
  }
}

export class GetWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}
  execute(query: { vendorId: string; endpointId: string }) {
    return load(this.endpoints, query.vendorId, query.endpointId);
  }
}

export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}
  execute(query: { vendorId: string }) {
    return this.endpoints.list(query.vendorId);
  }
}

export class UpdateWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    vendorId: string;
    endpointId: string;
    url?: string;
    eventTypes?: readonly string[] | null;
    description?: string | null;
    enabled?: boolean;
  }) {
    const endpoint = await load(this.endpoints, command.vendorId, command.endpointId);
    endpoint.update(command, this.clock.now());
    await this.endpoints.save(endpoint);
    return endpoint;
  }
}

export class DisableWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; endpointId: string }) {
    const endpoint = await load(this.endpoints, command.vendorId, command.endpointId);
    endpoint.disable('by request', this.clock.now());
    await this.endpoints.save(endpoint);
    return endpoint;
  }
}

export class DeleteWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}
  async execute(command: { vendorId: string; endpointId: string }) {
    if (!(await this.endpoints.delete(command.vendorId, command.endpointId))) throw new WebhookEndpointNotFound(command.endpointId);
  }
}

/** A new signing secret, shown once; the previous one keeps signing for 24 hours. */
export class RotateWebhookSecret {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly secrets: SigningSecretSource,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; endpointId: string }) {
    const endpoint = await load(this.endpoints, command.vendorId, command.endpointId);
    const secret = this.secrets.generate();
    endpoint.rotateSecret(secret, this.clock.now());
    await this.endpoints.save(endpoint);
    return { endpoint, secret };
  }
}
