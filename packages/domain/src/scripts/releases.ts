import { ScriptReleaseNotFound } from './errors';

/**
 * Releases of the browser library: every built version the service ships is
 * kept and addressable by its number; `latest` is the newest; `stable` is
 * the one an operator promoted (the newest until one is).
 */
export interface ScriptRelease {
  version: string;
  releasedAt: Date;
}

export type ReleaseTag = 'stable' | 'latest' | string;

/** How a tag may be cached: an exact version never changes; the channels move. */
export type TagKind = 'channel' | 'exact';

const VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

export const isReleaseVersion = (tag: string) => VERSION.test(tag);

export function tagKind(tag: ReleaseTag): TagKind {
  return tag === 'stable' || tag === 'latest' ? 'channel' : 'exact';
}

/** Orders versions by number (1.10.0 after 1.9.0), oldest first. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/** The version a tag names among the releases, or ScriptReleaseNotFound. */
export function resolveReleaseTag(tag: ReleaseTag, releases: readonly ScriptRelease[], stable: string | null): string {
  const versions = releases.map((r) => r.version).sort(compareVersions);
  const latest = versions[versions.length - 1];
  if (tag === 'latest' && latest) return latest;
  if (tag === 'stable') {
    if (stable && versions.includes(stable)) return stable;
    if (latest) return latest;
  }
  if (isReleaseVersion(tag) && versions.includes(tag)) return tag;
  throw new ScriptReleaseNotFound(tag);
}
