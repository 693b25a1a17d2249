import * as client from 'openid-client';
import { HttpProblem } from '../../platform/http/problem';

/**
 * The OpenID provider's metadata for each browser client, discovered once
 * per process; a failed discovery is forgotten, so the next request tries
 * again.
 */
export class ProviderConfigurations {
  private readonly found = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly issuer: string) {}

  of(clientId: string): Promise<client.Configuration> {
    let found = this.found.get(clientId);
    if (!found) {
      const insecure = new URL(this.issuer).protocol === 'http:';
      found = client
        .discovery(new URL(this.issuer), clientId, undefined, client.None(), {
          execute: insecure ? [client.allowInsecureRequests] : [],
        })
        .catch(() => {
          // The provider is away (or not reachable from here): a 503 to retry, never a 500.
          throw new HttpProblem(503, 'AUTH.PROVIDER_UNREACHABLE', 'the OpenID provider could not be reached; try again shortly', {}, {
            'Retry-After': '5',
          });
        });
      found.catch(() => this.found.delete(clientId));
      this.found.set(clientId, found);
    }
    return found;
  }
}
