import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ResolveScript, ScriptConfiguration, tagKind } from '@kiosk/domain/scripts';
import { TypeOrmScriptReleaseRepository } from './typeorm-scripts.repositories';

/** The three files of interface 4.6. */
export type ScriptFile = 'bundle' | 'service-js' | 'service-components';

export interface ScriptAnswer {
  version: string;
  etag: string;
  cacheControl: string;
  /** The body in each encoding, made once per content. */
  body: Record<'identity' | 'gzip' | 'br', Buffer>;
}

/**
 * Caching: an exact version of the library or the components never changes
 * (a year, immutable). A channel (`stable`, `latest`) moves, and a bundle
 * carries the vendor's configuration, which the vendor changes at will: both
 * are cached briefly and revalidated with the ETag.
 */
export const CACHE_CONTROL = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'public, max-age=60, must-revalidate',
} as const;

/** JSON that is safe inside a script (no `</script>`, no line separators that break older parsers). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * What the bundle tells the library: the vendor, the API's address, the
 * vendor's saved settings and its brand colour (checkout settings), which
 * the components wear (`theme.color`), and its default reader language
 * (`defaultLanguage`, checkout settings too).
 */
export function bundleConfig(configuration: ScriptConfiguration, apiUrl: string, color?: string | null, defaultLanguage?: string | null) {
  const { settings } = configuration;
  return {
    vendorId: configuration.vendorId,
    apiUrl,
    version: configuration.version,
    theme: color ? { color } : undefined,
    /** The vendor's default reader language (checkout settings): the components' last choice before English. */
    defaultLanguage: defaultLanguage ?? undefined,
    clientId: settings.clientId ?? undefined,
    paywallId: settings.paywallId ?? undefined,
    contentSelectors: settings.contentSelectors,
    transforms: settings.transforms,
    analytics: settings.analytics,
    plugins: settings.plugins,
  };
}

export class ScriptHost {
  /** Compressed answers by content key; small, since contents are few (versions x vendors' configuration versions). */
  private readonly made = new Map<string, ScriptAnswer>();

  constructor(
    private readonly resolve: ResolveScript,
    private readonly releases: TypeOrmScriptReleaseRepository,
    private readonly apiUrl: string,
    private readonly maxEntries = 2_000,
    /** The vendor's brand colour (`#rrggbb`), when it has one; part of the bundle's cache key. */
    private readonly colourOf: (vendorId: string) => Promise<string | null> = async () => null,
    /** The vendor's default reader language, when it has one; part of the bundle's cache key too. */
    private readonly languageOf: (vendorId: string) => Promise<string | null> = async () => null,
  ) {}

  /** The answer for a vendor, file and tag; null when the version's files are gone. Unknown vendors and tags throw not-found. */
  async answer(vendorId: string, file: ScriptFile, tag: string): Promise<ScriptAnswer | null> {
    const { version, configuration } = await this.resolve.execute(vendorId, tag);
    const exact = tagKind(tag) === 'exact';
    const cacheControl = exact && file !== 'bundle' ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;
    const color = file === 'bundle' ? await this.colourOf(vendorId).catch(() => null) : null;
    const language = file === 'bundle' ? await this.languageOf(vendorId).catch(() => null) : null;
    const key = file === 'bundle' ? `${file}|${version}|${vendorId}|${configuration.version}|${color ?? ''}|${language ?? ''}` : `${file}|${version}`;
    const kept = this.made.get(key);
    if (kept) return { ...kept, cacheControl };
    const files = await this.releases.files(version);
    if (!files) return null;
    const text =
      file === 'service-js'
        ? files.serviceJs
        : file === 'service-components'
          ? files.serviceComponents
          : `/*! Kiosk bundle ${version} for ${vendorId} */\nwindow.__kioskBundleConfig=${scriptJson(bundleConfig(configuration, this.apiUrl, color, language))};\n${files.serviceJs}\n${files.serviceComponents}\n`;
    const identity = Buffer.from(text, 'utf8');
    const answer: ScriptAnswer = {
      version,
      cacheControl,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`,
      body: {
        identity,
        gzip: gzipSync(identity, { level: 9 }),
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      },
    };
    if (this.made.size >= this.maxEntries) this.made.delete(this.made.keys().next().value as string);
    this.made.set(key, answer);
    return answer;
  }
}

/** The encoding to answer with: brotli, then gzip, when the client accepts it (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** Whether `If-None-Match` names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
