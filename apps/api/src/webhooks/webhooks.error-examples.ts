/** Worked refusals of the webhook endpoint routes for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { ENDPOINT_ID } from './webhooks.examples';

/** An endpoint the vendor does not have (another vendor's, or one removed). */
export const ENDPOINT_NOT_FOUND = refusal('No such endpoint for this vendor (problem+json)', 404, 'WEBHOOK.ENDPOINT_NOT_FOUND', `no webhook endpoint ${ENDPOINT_ID}`, {
  endpointId: ENDPOINT_ID,
});
