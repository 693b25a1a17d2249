import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The browser library this build of the service ships: `apps/web/dist`
 * (built by `npm run build`), named by its manifest's version. The script
 * host keeps every version it has shipped in the database, so a page pinned
 * to an older version keeps working after an upgrade.
 */
export interface ShippedRelease {
  version: string;
  serviceJs: string;
  serviceComponents: string;
}

/** apps/web/dist, from apps/api/src/scripts (tests) and apps/api/dist/scripts (the built service) alike. */
export const WEB_DIST = resolve(__dirname, '../../../web/dist');

export function readShippedRelease(folder = WEB_DIST): ShippedRelease | null {
  const manifest = join(folder, 'manifest.json');
  if (!existsSync(manifest)) return null;
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return {
    version,
    serviceJs: readFileSync(join(folder, 'service-js.js'), 'utf8'),
    serviceComponents: readFileSync(join(folder, 'service-components.js'), 'utf8'),
  };
}
