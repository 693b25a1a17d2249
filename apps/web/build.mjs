// Bundles the browser library and the components with esbuild: an IIFE for
// the script host (one <script> tag) and an ES module for publishers who
// bundle Kiosk themselves. `dist/manifest.json` names the release version
// (this package's version), which the script host registers at start.
import { build } from 'esbuild';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const out = join(here, 'dist');
mkdirSync(out, { recursive: true });

// The pure browser side of the capsule protocol, the one money format and the one language choice, taken from the domain's source (no build order, tree-shaken).
const alias = {
  '@kiosk/domain/capsule/browser-client': join(here, '../../packages/domain/src/capsule/browser-client.ts'),
  '@kiosk/domain/shared/money-format': join(here, '../../packages/domain/src/shared/money-format.ts'),
  '@kiosk/domain/shared/language': join(here, '../../packages/domain/src/shared/language.ts'),
};
const common = { alias, bundle: true, minify: true, sourcemap: false, target: ['es2020'], platform: 'browser', define: { __SERVICE_VERSION__: JSON.stringify(version) }, legalComments: 'none' };
const entries = { 'service-js': 'src/index.ts', 'service-components': 'src/components/index.ts' };

for (const [name, entry] of Object.entries(entries)) {
  await build({ ...common, entryPoints: [join(here, entry)], format: 'iife', outfile: join(out, `${name}.js`) });
  await build({ ...common, entryPoints: [join(here, entry)], format: 'esm', outfile: join(out, `${name}.mjs`) });
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify({ version, files: Object.keys(entries) }, null, 2) + '\n');
