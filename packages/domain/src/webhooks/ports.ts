import { WebhookEndpoint } from './endpoint';

/** Where endpoints are kept; every method takes the vendor (another vendor's endpoint is not found). */
export interface WebhookEndpointRepository {
  add(endpoint: WebhookEndpoint): Promise<void>;
  get(vendorId: string, endpointId: string): Promise<WebhookEndpoint | null>;
  list(vendorId: string): Promise<WebhookEndpoint[]>;
  save(endpoint: WebhookEndpoint): Promise<void>;
  delete(vendorId: string, endpointId: string): Promise<boolean>;
}

/** New signing secrets in the Standard Webhooks form: `whsec_` and base64 of 24 to 64 random bytes. */
export interface SigningSecretSource {
  generate(): string;
}
