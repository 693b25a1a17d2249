import { DomainEvent } from '../../shared';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  GetWebhookEndpoint,
  ListWebhookEndpoints,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
  WebhookEndpointRepository,
  webhookTypesOf,
} from '../../webhooks';
import { InMemoryWebhookEndpointRepository, SequentialSigningSecrets } from '../in-memory-webhooks';
import { KioskCore } from './core';

/** A message as it would be posted to an endpoint: the webhook type and the outbox event it was made from. */
export interface RecordedWebhookDelivery {
  readonly vendorId: string;
  readonly endpointId: string;
  readonly url: string;
  readonly type: string;
  readonly event: DomainEvent;
}

/**
 * The fan-out of the service's webhook worker, without the network: each
 * delivered event becomes, per webhook type of the catalogue, one delivery
 * to every enabled endpoint of its vendor that subscribes to the type.
 * Signing, retries and the HTTP post are the service's.
 */
export class RecordingWebhookDeliveries {
  readonly deliveries: RecordedWebhookDelivery[] = [];
  constructor(private readonly endpoints: Pick<WebhookEndpointRepository, 'list'>) {}

  async fanOut(event: DomainEvent): Promise<number> {
    const types = webhookTypesOf(event.type);
    if (types.length === 0) return 0;
    let made = 0;
    for (const endpoint of await this.endpoints.list(event.vendorId)) {
      if (!endpoint.enabled) continue;
      for (const type of types.filter((t) => endpoint.subscribes(t))) {
        this.deliveries.push({ vendorId: event.vendorId, endpointId: endpoint.id, url: endpoint.snapshot().url, type, event });
        made += 1;
      }
    }
    return made;
  }

  /** What one endpoint received, oldest first. */
  to(endpointId: string): RecordedWebhookDelivery[] {
    return this.deliveries.filter((d) => d.endpointId === endpointId);
  }
}

export function wireWebhooks(core: KioskCore) {
  const { clock, ids } = core;
  const endpoints = new InMemoryWebhookEndpointRepository();
  const secrets = new SequentialSigningSecrets();
  return {
    repositories: { endpoints },
    deliveries: new RecordingWebhookDeliveries(endpoints),
    useCases: {
      create: new CreateWebhookEndpoint(endpoints, secrets, ids, clock),
      get: new GetWebhookEndpoint(endpoints),
      list: new ListWebhookEndpoints(endpoints),
      update: new UpdateWebhookEndpoint(endpoints, clock),
      disable: new DisableWebhookEndpoint(endpoints, clock),
      delete: new DeleteWebhookEndpoint(endpoints),
      rotateSecret: new RotateWebhookSecret(endpoints, secrets, clock),
    },
  };
}
