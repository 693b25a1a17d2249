import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** apps/portal/dist, from apps/api/src/portal (tests) and apps/api/dist/portal (the built service) alike. */
export const PORTAL_DIST = resolve(__dirname, '../../../portal/dist');

/** One built file of the portal, with its media type. */
export interface PortalAsset {
  type: string;
  body: Buffer;
}

/** The portal's build: its content-hashed script and style sheet, named by `dist/manifest.json`. */
export interface PortalBuild {
  script: string;
  style: string;
  assets: Map<string, PortalAsset>;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

/**
 * Reads the build once (`npm run build` or the test setup makes it); null
 * while apps/portal has not been built, so the service still starts.
 */
export function loadPortalBuild(dir: string = PORTAL_DIST): PortalBuild | null {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { script: string; style: string; files: string[] };
  const assets = new Map<string, PortalAsset>();
  for (const name of manifest.files) {
    const extension = name.split('.').pop() ?? '';
    assets.set(name, { type: TYPES[extension] ?? 'application/octet-stream', body: readFileSync(join(dir, name)) });
  }
  return { script: manifest.script, style: manifest.style, assets };
}
