import { InvalidError } from '../shared';

/**
 * A vendor's browser application (its site with the script on it). Its
 * `clientId` names the vendor in browser routes (`/auth/{clientId}/...`) and
 * in anonymous visitors' Basic credentials `<clientId>:<visitorId>`.
 * Redirect addresses and origins are exact matches: no wildcards, so no open
 * redirect.
 */
export interface BrowserClient {
  readonly clientId: string;
  readonly vendorId: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly allowedOrigins: readonly string[];
  /** Where `/auth/streaming-link` sends signed-in readers, with their access token; null when not set up. */
  readonly accessSyncUrl: string | null;
  readonly createdAt: Date;
}

export const BROWSER_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

function absoluteHttpUrl(value: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidError('BROWSER_CLIENT.BAD_URL', `${field} must be an absolute URL: ${value}`, { field, value });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))) {
    throw new InvalidError('BROWSER_CLIENT.BAD_URL', `${field} must use https (http only for localhost): ${value}`, {
      field,
      value,
    });
  }
  if (url.username || url.password) {
    throw new InvalidError('BROWSER_CLIENT.BAD_URL', `${field} must not carry credentials`, { field });
  }
  return url;
}

export interface NewBrowserClient {
  clientId: string;
  vendorId: string;
  name: string;
  redirectUris: string[];
  allowedOrigins?: string[];
  accessSyncUrl?: string | null;
}

export function createBrowserClient(input: NewBrowserClient, now: Date): BrowserClient {
  if (!BROWSER_CLIENT_ID_PATTERN.test(input.clientId)) {
    throw new InvalidError('BROWSER_CLIENT.BAD_ID', 'client id must be 3 to 64 letters, digits, underscores or hyphens');
  }
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw new InvalidError('BROWSER_CLIENT.BAD_NAME', 'name must be 1 to 200 characters');
  if (input.redirectUris.length === 0 || input.redirectUris.length > 20) {
    throw new InvalidError('BROWSER_CLIENT.BAD_REDIRECTS', 'give 1 to 20 redirect addresses');
  }
  const redirectUris = input.redirectUris.map((u) => {
    const url = absoluteHttpUrl(u, 'redirectUris');
    if (url.hash) throw new InvalidError('BROWSER_CLIENT.BAD_URL', 'a redirect address has no fragment');
    return url.href;
  });
  // Origins default to those of the redirect addresses.
  const origins = (input.allowedOrigins?.length ? input.allowedOrigins : redirectUris).map(
    (o) => absoluteHttpUrl(o, 'allowedOrigins').origin,
  );
  return {
    clientId: input.clientId,
    vendorId: input.vendorId,
    name,
    redirectUris: [...new Set(redirectUris)],
    allowedOrigins: [...new Set(origins)],
    accessSyncUrl: input.accessSyncUrl ? absoluteHttpUrl(input.accessSyncUrl, 'accessSyncUrl').href : null,
    createdAt: now,
  };
}

/** Whether `address` may be sent to after sign-in or sign-out: same origin as one the vendor registered. */
export function isAllowedReturnAddress(client: BrowserClient, address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return !url.username && !url.password && client.allowedOrigins.includes(url.origin);
}

/** Anonymous visitor ids are the random ids the browser library keeps; nothing else is accepted. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
