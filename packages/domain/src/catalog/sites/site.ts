import { InvalidError } from '../../shared';
import { isOnDomain } from './hostname';

/**
 * One of a vendor's web sites: an address on one of the vendor's domains,
 * optionally with the browser client (sign-in, visitors) it uses.
 */
export interface Site {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  readonly domain: string;
  readonly url: string;
  readonly clientId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const SITE_ID_PATTERN = /^site_[A-Za-z0-9_-]{1,64}$/;
export const MAX_SITE_URL_LENGTH = 2048;
const DEV_HOSTS = ['localhost', '127.0.0.1'];

export function siteName(raw: string): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name.length === 0 || name.length > 200) {
    throw new InvalidError('SITE.BAD_NAME', 'name must be 1 to 200 characters', { field: 'name' });
  }
  return name;
}

/**
 * The site's address, normalised: `https://` on `domain` or one of its
 * subdomains, or (for development) `http://localhost` / `http://127.0.0.1`;
 * no credentials. Throws an `InvalidError` naming the `url` field otherwise.
 */
export function siteUrl(raw: string, domain: string): URL {
  const bad = (message: string) => new InvalidError('SITE.BAD_URL', message, { field: 'url' });
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_SITE_URL_LENGTH) {
    throw bad(`url must be an absolute address of at most ${MAX_SITE_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad('url must be an absolute address, like https://news.example.com/');
  }
  if (url.username || url.password) throw bad('url must not carry credentials');
  const dev = DEV_HOSTS.includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && dev)) {
    throw bad('url must use https (http only for localhost)');
  }
  if (!dev && !isOnDomain(url.hostname, domain)) {
    throw bad(`url must be on the site's domain ${domain} or one of its subdomains`);
  }
  if (url.href.length > MAX_SITE_URL_LENGTH) throw bad(`url must be at most ${MAX_SITE_URL_LENGTH} characters`);
  return url;
}

/** The origins a site's pages call from: its own origin. */
export function siteOrigins(site: Pick<Site, 'url'>): string[] {
  return [new URL(site.url).origin];
}
