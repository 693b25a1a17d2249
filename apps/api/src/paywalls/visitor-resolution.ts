import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import Bowser from 'bowser';

/**
 * What the HTTP layer resolves for strategy evaluation: the device type from
 * a user agent and the country from the client address. Both are ports with
 * one adapter each, so a deployment can swap the data source.
 */
export interface DeviceResolver {
  /** `desktop`, `mobile`, `tablet`, `tv`, `bot`, or null when the agent says nothing. */
  deviceType(userAgent: string | undefined): string | null;
}

export interface CountryResolver {
  /** ISO 3166-1 alpha-2 of the address, or null (private, reserved or unknown addresses). */
  country(ip: string | undefined): string | null;
}

const MAX_USER_AGENT = 1024;

/** Distinct user agents whose device type is remembered per process. */
const REMEMBERED_USER_AGENTS = 2_000;

/**
 * Device type by bowser (MIT): its platform type. Parsing runs dozens of
 * regular expressions, and a site's visitors send a few hundred distinct
 * agents, so answers are remembered per agent (oldest out first).
 */
export class BowserDeviceResolver implements DeviceResolver {
  private readonly known = new Map<string, string | null>();

  deviceType(userAgent: string | undefined): string | null {
    if (!userAgent || userAgent.trim() === '') return null;
    const agent = userAgent.slice(0, MAX_USER_AGENT);
    const known = this.known.get(agent);
    if (known !== undefined) return known;
    const type = parsedDeviceType(agent);
    if (this.known.size >= REMEMBERED_USER_AGENTS) this.known.delete(this.known.keys().next().value!);
    this.known.set(agent, type);
    return type;
  }
}

function parsedDeviceType(agent: string): string | null {
  try {
    return Bowser.parse(agent).platform.type ?? null;
  } catch {
    return null;
  }
}

/** Answers null for every address: for deployments that want no geolocation. */
export class NoCountryResolver implements CountryResolver {
  country(): string | null {
    return null;
  }
}

interface Ipv4Table {
  starts: Uint32Array;
  ends: Uint32Array;
  countries: string[];
}
interface Ipv6Table {
  starts: bigint[];
  ends: bigint[];
  countries: string[];
}

/**
 * Country from the address with the data the npm package
 * `@ip-location-db/geo-whois-asn-country` ships (CSV of inclusive numeric
 * ranges per country; data CC BY 4.0 by the NRO, package CC0). Each family's
 * table is loaded on its first lookup (about 0.3 s) and then searched by
 * bisection. IPv4-mapped IPv6 addresses are looked up as IPv4.
 */
export class BundledCountryResolver implements CountryResolver {
  private v4: Ipv4Table | null = null;
  private v6: Ipv6Table | null = null;

  constructor(private readonly dataDir = defaultDataDir()) {}

  country(ip: string | undefined): string | null {
    if (!ip) return null;
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
    const address = mapped ? mapped[1] : ip;
    const family = isIP(address);
    if (family === 4) return this.lookup4(ipv4Number(address));
    if (family === 6) {
      const n = ipv6Number(address);
      return n === null ? null : this.lookup6(n);
    }
    return null;
  }

  /** Loads both tables now (for a warm start or a benchmark). */
  preload(): void {
    this.table4();
    this.table6();
  }

  private lookup4(n: number): string | null {
    const t = this.table4();
    const i = lastAtOrBelow(t.starts.length, (k) => t.starts[k] <= n);
    return i >= 0 && n <= t.ends[i] ? t.countries[i] : null;
  }

  private lookup6(n: bigint): string | null {
    const t = this.table6();
    const i = lastAtOrBelow(t.starts.length, (k) => t.starts[k] <= n);
    return i >= 0 && n <= t.ends[i] ? t.countries[i] : null;
  }

  private table4(): Ipv4Table {
    if (!this.v4) {
      const lines = this.lines('geo-whois-asn-country-ipv4-num.csv');
      const starts = new Uint32Array(lines.length);
      const ends = new Uint32Array(lines.length);
      const countries: string[] = new Array(lines.length);
      lines.forEach((line, i) => {
        const [a, b, c] = line.split(',');
        starts[i] = Number(a);
        ends[i] = Number(b);
        countries[i] = c;
      });
      this.v4 = { starts, ends, countries };
    }
    return this.v4;
  }

  private table6(): Ipv6Table {
    if (!this.v6) {
      const lines = this.lines('geo-whois-asn-country-ipv6-num.csv');
      const starts: bigint[] = [];
      const ends: bigint[] = [];
      const countries: string[] = [];
      for (const line of lines) {
        const [a, b, c] = line.split(',');
        starts.push(BigInt(a));
        ends.push(BigInt(b));
        countries.push(c);
      }
      this.v6 = { starts, ends, countries };
    }
    return this.v6;
  }

  private lines(file: string): string[] {
    return readFileSync(`${this.dataDir}/${file}`, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^\d+,\d+,[A-Z]{2}$/.test(l));
  }
}

function defaultDataDir(): string {
  const pkg = require.resolve('@ip-location-db/geo-whois-asn-country/package.json');
  return pkg.slice(0, pkg.length - '/package.json'.length);
}

/** Index of the last element for which `atOrBelow` holds (the predicate is monotone), or -1. */
function lastAtOrBelow(length: number, atOrBelow: (k: number) => boolean): number {
  let lo = 0;
  let hi = length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (atOrBelow(mid)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function ipv6Number(address: string): bigint | null {
  let text = address.split('%')[0];
  // A trailing dotted IPv4 part becomes two hextets.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const parts = [...headParts, ...Array<string>(tail === null ? 0 : missing).fill('0'), ...tailParts];
  let n = 0n;
  for (const part of parts) n = (n << 16n) + BigInt(parseInt(part || '0', 16));
  return n;
}
