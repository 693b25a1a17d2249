import { InvalidError } from '@kiosk/domain';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  GetWebhookEndpoint,
  ListWebhookEndpoints,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  WebhookEndpoint,
} from '@kiosk/domain/webhooks';
import { Controller, route } from '../platform/http/routes';
import { isoOrNull } from '../platform/http/views';
import { WebhookDeliveries } from './webhook-deliveries';
import { checkEndpointAddress } from './endpoint-address';
import {
  CreateWebhookEndpointBody,
  DeliveryLogQuery,
  ReplayBody,
  UpdateWebhookEndpointBody,
  WebhookAttemptView,
  WebhookEndpointView,
  WebhookEndpointWithSecretView,
  WebhookEventTypesView,
  WebhookMessagesView,
  WebhookSecretView,
} from './webhooks.dto';
import {
  ATTEMPT_EXAMPLES,
  CREATE_ENDPOINT_EXAMPLE,
  DISABLED_ENDPOINT_EXAMPLE,
  ENDPOINT_EXAMPLE,
  ENDPOINT_ID,
  ENDPOINT_WITH_SECRET_EXAMPLE,
  EVENT_TYPES_EXAMPLE,
  QUEUED_EXAMPLE,
  REPLAY_EXAMPLE,
  ROTATED_SECRET_EXAMPLE,
  UPDATE_ENDPOINT_EXAMPLE,
  UPDATED_ENDPOINT_EXAMPLE,
} from './webhooks.examples';
import { ENDPOINT_NOT_FOUND } from './webhooks.error-examples';

/** Scopes of the webhook management routes: per-key grants of an API key (docs/webhooks.md). */
export const WEBHOOKS_READ = 'webhooks:read';
export const WEBHOOKS_WRITE = 'webhooks:write';
const READ = { kind: 'bearer', scope: WEBHOOKS_READ } as const;
const WRITE = { kind: 'bearer', scope: WEBHOOKS_WRITE } as const;
const tags = ['management: webhooks'];
const MISSING = ENDPOINT_NOT_FOUND;

export interface WebhookUseCases {
  create: CreateWebhookEndpoint;
  get: GetWebhookEndpoint;
  list: ListWebhookEndpoints;
  update: UpdateWebhookEndpoint;
  disable: DisableWebhookEndpoint;
  remove: DeleteWebhookEndpoint;
  rotate: RotateWebhookSecret;
}

export function endpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  const s = endpoint.snapshot();
  const previous = s.secrets.find((x) => x.expiresAt !== null);
  return {
    id: s.id,
    url: s.url,
    eventTypes: s.eventTypes,
    description: s.description,
    status: s.status,
    disabledReason: s.disabledReason,
    failingSince: isoOrNull(s.failingSince),
    previousSecretExpiresAt: isoOrNull(previous?.expiresAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** Management routes of a vendor's webhook endpoints, their delivery log, replay and test events. */
export class WebhooksController implements Controller {
  constructor(
    private readonly useCases: WebhookUseCases,
    private readonly deliveries: WebhookDeliveries,
    private readonly allowLoopback: boolean,
  ) {}

  routes() {
    const u = this.useCases;
    const base = '/management/webhooks/endpoints';
    return [
      route({
        method: 'get',
        path: '/management/webhooks/event-types',
        operationId: 'listWebhookEventTypes',
        summary: 'The event catalogue: every event type an endpoint may subscribe to',
        description:
          'Each type with what it means; the payload of every event is in the `webhooks` section of this document. ' +
          '`endpoint.test` is sent only on request (`POST .../test`).',
        tags,
        auth: READ,
        examples: { responses: { 200: EVENT_TYPES_EXAMPLE } },
        responses: { 200: { description: 'The catalogue', schema: WebhookEventTypesView } },
        handler: async ({ res }) => {
          res.json({ eventTypes: WEBHOOK_EVENT_TYPES.map((t) => ({ type: t.type, description: t.description })) });
        },
      }),
      route<CreateWebhookEndpointBody>({
        method: 'post',
        path: base,
        operationId: 'createWebhookEndpoint',
        summary: 'Add an endpoint; the answer shows its signing secret, the only time it is shown',
        description:
          'The URL must be http(s) and resolve to public addresses only (no private, loopback or link-local address); ' +
          '`eventTypes` left out or null subscribes to every event type.',
        tags,
        auth: WRITE,
        body: { dto: CreateWebhookEndpointBody },
        examples: { request: CREATE_ENDPOINT_EXAMPLE, responses: { 201: ENDPOINT_WITH_SECRET_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: WebhookEndpointWithSecretView } },
        handler: async ({ res, body, principal }) => {
          await checkEndpointAddress(body.url, this.allowLoopback);
          const { endpoint, secret } = await u.create.execute({
            vendorId: principal.vendorId,
            url: body.url,
            eventTypes: body.eventTypes ?? null,
            description: body.description ?? null,
          });
          res.status(201).json({ ...endpointView(endpoint), secret });
        },
      }),
      route({
        method: 'get',
        path: base,
        operationId: 'listWebhookEndpoints',
        summary: "The vendor's endpoints, oldest first",
        description:
          'Every endpoint with its status; `failingSince` is when deliveries began to fail (an endpoint failing for about ' +
          'three days is disabled). Secrets are never listed.',
        tags,
        auth: READ,
        examples: { responses: { 200: [ENDPOINT_EXAMPLE] } },
        responses: { 200: { description: 'The endpoints', schema: [WebhookEndpointView] } },
        handler: async ({ res, principal }) => {
          res.json((await u.list.execute({ vendorId: principal.vendorId })).map(endpointView));
        },
      }),
      route({
        method: 'get',
        path: `${base}/{endpointId}`,
        operationId: 'getWebhookEndpoint',
        summary: 'One endpoint',
        description: "The same shape as in the list; another vendor's endpoint is a 404.",
        tags,
        auth: READ,
        examples: { params: { endpointId: ENDPOINT_ID }, responses: { 200: ENDPOINT_EXAMPLE } },
        responses: { 200: { description: 'The endpoint', schema: WebhookEndpointView }, 404: MISSING },
        handler: async ({ res, params, principal }) => {
          res.json(endpointView(await u.get.execute({ vendorId: principal.vendorId, endpointId: params.endpointId })));
        },
      }),
      route<UpdateWebhookEndpointBody>({
        method: 'patch',
        path: `${base}/{endpointId}`,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change the URL, event types, description, or enable or disable the endpoint',
        description: 'Enabling a disabled endpoint starts its failure count afresh; deliveries it missed while disabled can be replayed.',
        tags,
        auth: WRITE,
        body: { dto: UpdateWebhookEndpointBody },
        examples: { params: { endpointId: ENDPOINT_ID }, request: UPDATE_ENDPOINT_EXAMPLE, responses: { 200: UPDATED_ENDPOINT_EXAMPLE } },
        responses: { 200: { description: 'The endpoint', schema: WebhookEndpointView }, 404: MISSING },
        handler: async ({ res, params, body, principal }) => {
          if (body.url !== undefined) await checkEndpointAddress(body.url, this.allowLoopback);
          const endpoint = await u.update.execute({ vendorId: principal.vendorId, endpointId: params.endpointId, ...body });
          res.json(endpointView(endpoint));
        },
      }),
      route({
        method: 'post',
        path: `${base}/{endpointId}/disable`,
        operationId: 'disableWebhookEndpoint',
        summary: 'Stop delivering to the endpoint (safe to repeat)',
        description:
          'Events are no longer sent to it (`disabledReason` says why); enable it again with `PATCH` `{"enabled": true}` ' +
          'and replay what it missed.',
        tags,
        auth: WRITE,
        examples: { params: { endpointId: ENDPOINT_ID }, responses: { 200: DISABLED_ENDPOINT_EXAMPLE } },
        responses: { 200: { description: 'The endpoint', schema: WebhookEndpointView }, 404: MISSING },
        handler: async ({ res, params, principal }) => {
          res.json(endpointView(await u.disable.execute({ vendorId: principal.vendorId, endpointId: params.endpointId })));
        },
      }),
      route({
        method: 'delete',
        path: `${base}/{endpointId}`,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Remove the endpoint; its pending deliveries are dropped',
        description:
          'Irreversible; its delivery log goes with it. To pause deliveries instead, disable it. A repeated delete answers ' +
          '404 `WEBHOOK.ENDPOINT_NOT_FOUND`: the endpoint is gone.',
        tags,
        auth: WRITE,
        examples: { params: { endpointId: ENDPOINT_ID } },
        responses: { 204: { description: 'Removed' }, 404: MISSING },
        handler: async ({ res, params, principal }) => {
          await u.remove.execute({ vendorId: principal.vendorId, endpointId: params.endpointId });
          res.status(204).end();
        },
      }),
      route({
        method: 'post',
        path: `${base}/{endpointId}/rotate-secret`,
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret, shown once; the previous one keeps signing beside it for 24 hours',
        description:
          'Until `previousSecretExpiresAt` every event carries two signatures in `webhook-signature`, one per secret, so ' +
          'the receiver can switch to the new secret at its own pace.',
        tags,
        auth: WRITE,
        examples: { params: { endpointId: ENDPOINT_ID }, responses: { 200: ROTATED_SECRET_EXAMPLE } },
        responses: { 200: { description: 'The new secret', schema: WebhookSecretView }, 404: MISSING },
        handler: async ({ res, params, principal }) => {
          const { endpoint, secret } = await u.rotate.execute({ vendorId: principal.vendorId, endpointId: params.endpointId });
          res.json({ secret, previousSecretExpiresAt: endpointView(endpoint).previousSecretExpiresAt });
        },
      }),
      route({
        method: 'post',
        path: `${base}/{endpointId}/test`,
        operationId: 'sendWebhookTestEvent',
        summary: 'Send an `endpoint.test` event to this endpoint only',
        description: 'Queued like any event (signed, retried); its attempts show in the delivery log under the returned id.',
        tags,
        auth: WRITE,
        examples: { params: { endpointId: ENDPOINT_ID }, responses: { 202: QUEUED_EXAMPLE } },
        responses: { 202: { description: 'Queued', schema: WebhookMessagesView }, 404: MISSING },
        handler: async ({ res, params, principal }) => {
          res.status(202).json({ messageIds: [await this.deliveries.sendTest(principal.vendorId, params.endpointId)] });
        },
      }),
      route<unknown, DeliveryLogQuery>({
        method: 'get',
        path: `${base}/{endpointId}/attempts`,
        operationId: 'listWebhookAttempts',
        summary: 'The delivery log: every attempt to this endpoint (status, duration, response excerpt), newest first',
        description:
          'Each attempt with its HTTP status (`null` when the endpoint did not answer), duration and the start of the ' +
          'answer; `outcome` `given_up` marks the last attempt of a delivery. `limit` 1 to 500, default 100.',
        tags,
        auth: READ,
        query: DeliveryLogQuery,
        examples: { params: { endpointId: ENDPOINT_ID }, query: { limit: 20 }, responses: { 200: ATTEMPT_EXAMPLES } },
        responses: { 200: { description: 'The attempts', schema: [WebhookAttemptView] }, 404: MISSING },
        handler: async ({ res, params, query, principal }) => {
          res.json(await this.deliveries.log(principal.vendorId, params.endpointId, query.limit ?? 100));
        },
      }),
      route<ReplayBody>({
        method: 'post',
        path: `${base}/{endpointId}/replay`,
        operationId: 'replayWebhookEvents',
        summary: 'Send again one event (`messageId`) or every event this endpoint was sent since a time (`since`)',
        description: 'Replays keep each event its `webhook-id`, so a receiver that already handled one can tell.',
        tags,
        auth: WRITE,
        body: { dto: ReplayBody },
        examples: { params: { endpointId: ENDPOINT_ID }, request: REPLAY_EXAMPLE, responses: { 202: QUEUED_EXAMPLE } },
        responses: { 202: { description: 'Queued', schema: WebhookMessagesView }, 404: MISSING },
        handler: async ({ res, params, body, principal }) => {
          if ((body.messageId === undefined) === (body.since === undefined)) {
            throw new InvalidError('WEBHOOK.REPLAY_WHICH', 'give either messageId or since');
          }
          const which = body.messageId !== undefined ? { messageId: body.messageId } : { since: new Date(body.since!) };
          res.status(202).json({ messageIds: await this.deliveries.replay(principal.vendorId, params.endpointId, which) });
        },
      }),
    ];
  }
}
