import { Site } from './site';

export interface VendorDomain {
  readonly vendorId: string;
  readonly domain: string;
  readonly createdAt: Date;
}

export interface VendorDomainRepository {
  /** Adds the domain; false when the vendor already has it. */
  add(domain: VendorDomain): Promise<boolean>;
  find(vendorId: string, domain: string): Promise<VendorDomain | null>;
  /** The vendor's domains, by name. */
  list(vendorId: string): Promise<VendorDomain[]>;
  /** 'in_use' when a site still uses the domain (the store refuses it even under a race). */
  remove(vendorId: string, domain: string): Promise<'removed' | 'missing' | 'in_use'>;
}

export interface SiteRepository {
  /** Adds the site; 'unknown_domain' when the domain went away meanwhile. */
  add(site: Site): Promise<'added' | 'unknown_domain'>;
  /** Replaces the site; 'missing' when it is gone, 'unknown_domain' when its domain went away meanwhile. */
  update(site: Site): Promise<'updated' | 'missing' | 'unknown_domain'>;
  find(vendorId: string, id: string): Promise<Site | null>;
  /** The vendor's sites, oldest first. */
  list(vendorId: string): Promise<Site[]>;
  remove(vendorId: string, id: string): Promise<boolean>;
}

/** The vendor's browser clients, as sites see them. */
export interface SiteBrowserClients {
  /** Whether `clientId` is a browser client of `vendorId`. */
  belongsTo(vendorId: string, clientId: string): Promise<boolean>;
  /** Lets the client accept calls and sign-ins from the site's origin (kept when the site goes). */
  allowOrigin(vendorId: string, clientId: string, origin: string): Promise<void>;
}

export interface SiteIds {
  next(): string;
}
