import { WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_TYPES } from '@kiosk/domain/webhooks';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** What every webhook delivery carries (docs/webhooks.md). */
export const WEBHOOK_EVENT_SCHEMA: Schema = {
  type: 'object',
  description: 'A webhook event, signed with the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
  required: ['id', 'type', 'timestamp', 'sequence', 'data'],
  properties: {
    id: { type: 'string', description: 'The event id, also the `webhook-id` header; the same on every attempt and replay' },
    type: { type: 'string', enum: WEBHOOK_EVENT_TYPES.map((t) => t.type) },
    timestamp: { type: 'string', format: 'date-time', description: 'When it happened' },
    sequence: { type: 'integer', description: "Per-object sequence number: the object's events are delivered in this order" },
    data: { type: 'object', description: 'The object the event is about' },
  },
};

/** OpenAPI 3.1 `webhooks`: the event catalogue, one entry per event type. */
export function webhooksSection(): Record<string, unknown> {
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((t) => [
      t.type,
      {
        post: {
          operationId: `webhook:${t.type}`,
          summary: t.description,
          description:
            `\`data\`: ${WEBHOOK_EVENT_DATA[t.object]} ` +
            "Sent by Kiosk to the endpoint. It carries no credentials: verify the Standard Webhooks signature with the endpoint's secret.",
          tags: ['webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The event id'),
            header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed'),
            header('webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>` signatures, two during a secret rotation'),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('WebhookEvent') } } },
          responses: { '2XX': { description: 'Delivered (within 15 seconds); anything else is retried' } },
        },
      },
    ]),
  );
}
