import { InvalidError } from '../shared';

/** A publisher selling through Kiosk. Its id appears in tenant addresses, so it is DNS-safe. */
export interface Vendor {
  readonly id: string;
  readonly name: string;
  readonly domains: readonly string[];
  readonly logo: string | null;
  /** Made for trying the service: owns a test clock that management calls move (test-clock.ts); never a production vendor. */
  readonly testMode: boolean;
  readonly createdAt: Date;
}

export const VENDOR_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface NewVendor {
  id: string;
  name: string;
  domains?: string[];
  logo?: string | null;
  /** A test-mode vendor, with its own test clock starting at its creation. */
  testMode?: boolean;
}

export function createVendor(input: NewVendor, now: Date): Vendor {
  if (!VENDOR_ID_PATTERN.test(input.id)) {
    throw new InvalidError(
      'VENDOR.BAD_ID',
      'vendor id must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen',
      { id: input.id },
    );
  }
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) {
    throw new InvalidError('VENDOR.BAD_NAME', 'vendor name must be 1 to 200 characters');
  }
  const domains = [...new Set((input.domains ?? []).map((d) => d.trim().toLowerCase()))];
  const bad = domains.filter((d) => !HOSTNAME.test(d));
  if (bad.length > 0) {
    throw new InvalidError('VENDOR.BAD_DOMAIN', `not a host name: ${bad.join(', ')}`, { domains: bad });
  }
  return { id: input.id, name, domains, logo: input.logo ?? null, testMode: input.testMode ?? false, createdAt: now };
}
