import { VENDOR_ID_PATTERN } from '@kiosk/domain/catalog';

const PLACEHOLDER = 'kiosk-vendor-placeholder';

/**
 * Where API keys exchange credentials. Each vendor has its own token address,
 * in host form (`https://{vendorId}.token.example.com/oauth/token`) or path
 * form (`https://auth.example.com/t/{vendorId}/oauth/token`); the shared
 * address `{AUTH_URL}/oauth/token` authenticates no API key.
 */
export class TenantAddresses {
  readonly sharedTokenPath: string;
  readonly tenantTokenPath: string;
  readonly jwksPath: string;
  private readonly hostPattern: RegExp | null;

  constructor(
    private readonly template: string,
    authUrl: string,
  ) {
    const authPath = new URL(authUrl).pathname.replace(/\/$/, '');
    this.sharedTokenPath = `${authPath}/oauth/token`;
    this.jwksPath = `${authPath}/.well-known/jwks.json`;
    const parsed = new URL(template.replace('{vendorId}', PLACEHOLDER));
    if (parsed.hostname.includes(PLACEHOLDER)) {
      const [before, after] = parsed.hostname.split(PLACEHOLDER);
      const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      this.hostPattern = new RegExp(`^${escape(before)}([a-z0-9-]+)${escape(after)}$`);
      this.tenantTokenPath = parsed.pathname;
    } else {
      this.hostPattern = null;
      this.tenantTokenPath = decodeURIComponent(parsed.pathname).replace(PLACEHOLDER, '{vendorId}');
    }
  }

  tokenUrl(vendorId: string): string {
    return this.template.replace('{vendorId}', vendorId);
  }

  /** The vendor a request was addressed to in host form, or null. */
  vendorFromHost(hostname: string): string | null {
    const match = this.hostPattern?.exec(hostname.toLowerCase());
    return match && VENDOR_ID_PATTERN.test(match[1]) ? match[1] : null;
  }

  get hostForm(): boolean {
    return this.hostPattern !== null;
  }
}
