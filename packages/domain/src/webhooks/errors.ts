import { InvalidError, NotFoundError } from '../shared';

export class WebhookEndpointNotFound extends NotFoundError {
  constructor(endpointId: string) {
    super('WEBHOOK.ENDPOINT_NOT_FOUND', `no webhook endpoint ${endpointId}`, { endpointId });
  }
}

export class InvalidWebhookUrl extends InvalidError {
  constructor(reason: string, url: string) {
    super('WEBHOOK.BAD_URL', reason, { url: url.slice(0, 200) });
  }
}

export class UnknownWebhookEventType extends InvalidError {
  constructor(types: readonly string[]) {
    super('WEBHOOK.UNKNOWN_EVENT_TYPE', `unknown event types: ${types.join(', ')}`, { eventTypes: [...types] });
  }
}

export class WebhookMessageNotFound extends NotFoundError {
  constructor(messageId: string) {
    super('WEBHOOK.MESSAGE_NOT_FOUND', `no webhook event ${messageId} was sent to this endpoint`, { messageId });
  }
}
