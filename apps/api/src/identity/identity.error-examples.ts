/** Worked refusals of the identity routes (API keys, browser sign-in, the OpenID provider) for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { API_KEY_ID } from './identity.examples';

/** A key the vendor does not have, or one revoked already. */
export const API_KEY_NOT_FOUND = refusal('No such active key for this vendor (a revoked key included)', 404, 'API_KEY.NOT_FOUND', `no API key ${API_KEY_ID}`, {
  clientId: API_KEY_ID,
});
